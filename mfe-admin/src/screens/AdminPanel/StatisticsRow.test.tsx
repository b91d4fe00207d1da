import { screen } from '@testing-library/react';
import { renderWithHost } from '../../test/harness';
import { describe, expect, it } from 'vitest';
import { statistics } from '../../test/fixtures';
import { StatisticsRow } from './StatisticsRow';
import classes from './StatisticsRow.module.css';

describe('statistics row (SPEC §2)', () => {
  it('shows users (admins, regular, +N in last 7 days), businesses (verified, unverified) and pending reviews', () => {
    renderWithHost(<StatisticsRow stats={statistics()} />);
    const users = screen.getByTestId('stat-users');
    expect(users.textContent).toContain('Total Registered Users');
    expect(users.textContent).toContain('12');
    expect(users.textContent).toContain('2 admins, 10 regular');
    expect(users.textContent).toContain('+3 in last 7 days');
    const businesses = screen.getByTestId('stat-businesses');
    expect(businesses.textContent).toContain('Total Businesses');
    expect(businesses.textContent).toContain('40');
    expect(businesses.textContent).toContain('25 verified, 15 unverified');
    const pending = screen.getByTestId('stat-pending');
    expect(pending.textContent).toContain('Pending Reviews');
    expect(pending.dataset.total).toBe('9');
    expect(pending.textContent).toContain('4 reports, 5 suggestions');
  });

  it('uses the singular for one', () => {
    renderWithHost(
      <StatisticsRow
        stats={statistics({
          users: { total: 1, admins: 1, regular: 0, recent_registrations: 1 },
          pending: { reports: 1, suggestions: 1 },
        })}
      />,
    );
    expect(screen.getByTestId('stat-users').textContent).toContain('1 admin, 0 regular');
    expect(screen.getByTestId('stat-pending').textContent).toContain('1 report, 1 suggestion');
  });

  it('shows dashes until the numbers arrive', () => {
    renderWithHost(<StatisticsRow stats={null} />);
    expect(screen.getByTestId('admin-stats').dataset.loaded).toBe('false');
    expect(screen.getByTestId('stat-users').textContent).toBe('Total Registered Users–');
  });

  it('brings its own scoped styles: the module class on the number, its rule injected into the page', () => {
    renderWithHost(<StatisticsRow stats={statistics()} />);
    const number = screen.getByTestId('stat-users').querySelector('p');
    expect(classes.number).toMatch(/number/);
    expect(number?.className).toBe(classes.number);
    expect(getComputedStyle(number!).fontWeight).toBe('800');
  });
});
