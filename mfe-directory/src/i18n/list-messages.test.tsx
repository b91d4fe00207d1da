import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@zaytoon/contract/client';
import { renderScreen } from '../test/harness';
import { useCount } from './list-messages';

function Count({ value }: { value: number }) {
  const { n } = useCount()(value);
  return <span data-testid="count">{n}</span>;
}

afterEach(() => vi.restoreAllMocks());

describe('useCount: a count in the page language digits, ungrouped', () => {
  it.each<Language>(['en', 'cy', 'ur'])('writes %s counts in Latin digits without loading Intl (its first use is a long task)', (language) => {
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    renderScreen(<Count value={100000} />, { language });
    expect(screen.getByTestId('count').textContent).toBe('100000');
    expect(numberFormat).not.toHaveBeenCalled();
  });

  it("leaves Arabic's digits to the browser's Intl", () => {
    const RealNumberFormat = Intl.NumberFormat;
    const numberFormat = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (this: unknown, ...args) {
      return new RealNumberFormat(...args);
    } as typeof Intl.NumberFormat);
    renderScreen(<Count value={100000} />, { language: 'ar' });
    expect(numberFormat).toHaveBeenCalledWith('ar', { useGrouping: false });
    expect(screen.getByTestId('count').textContent).toBe(new Intl.NumberFormat('ar', { useGrouping: false }).format(100000));
  });
});
