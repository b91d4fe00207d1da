import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeAdminServer, partnerSubmission } from '../../test/fixtures';
import { fakeHost, renderWithHost } from '../../test/harness';
import { AdminPanel } from './AdminPanel';

async function openSubmissions(submissions: ReturnType<typeof partnerSubmission>[]) {
  const server = fakeAdminServer({ submissions });
  const host = fakeHost({ api: server.api });
  renderWithHost(<AdminPanel />, host);
  await userEvent.click(await screen.findByRole('tab', { name: `Partner submissions (${submissions.length})` }, { timeout: 5000 }));
  await screen.findByTestId('submissions');
  return { server, host };
}

describe('Partner submissions tab', () => {
  it("lists each submission tagged with its partner's name, with the business's fields", async () => {
    await openSubmissions([partnerSubmission(1), partnerSubmission(2, { partner_name: 'Boycott Maps' })]);
    const [first, second] = screen.getAllByTestId('submission-card');
    expect(within(first).getByTestId('submission-partner').textContent).toBe('From Example Wallet');
    expect(within(second).getByTestId('submission-partner').textContent).toBe('From Boycott Maps');
    expect(first.textContent).toContain('Jaffa Deli 1');
    expect(first.textContent).toContain('3 Market Row, Bristol, BS1 1AA');
    expect(first.textContent).toContain('https://jaffa-deli.example');
  });

  it('approving and rejecting take the submission out, with their toasts', async () => {
    const { server, host } = await openSubmissions([partnerSubmission(1), partnerSubmission(2)]);
    await userEvent.click(within(screen.getAllByTestId('submission-card')[0]).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(host.toast.success).toHaveBeenCalledWith('Submission approved: the business is listed'));
    await waitFor(() => expect(screen.getAllByTestId('submission-card').map((card) => card.dataset.submissionId)).toEqual(['2']));
    await userEvent.click(within(screen.getByTestId('submission-card')).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(host.toast.success).toHaveBeenCalledWith('Submission rejected'));
    await waitFor(() => expect(screen.getByTestId('submissions').textContent).toContain('No Pending Submissions'));
    expect(server.state.submissionDecisions).toEqual(['approve #1', 'reject #2']);
  });
});
