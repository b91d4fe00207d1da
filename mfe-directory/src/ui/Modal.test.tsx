import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/harness';
import { Modal, ModalCancelButton } from './Modal';

function NoteDialog({ onClose, initial = '' }: { onClose: () => void; initial?: string }) {
  const [note, setNote] = useState(initial);
  return (
    <Modal title="Write a note" onClose={onClose}>
      <label>
        Note
        <textarea value={note} onChange={(event) => setNote(event.target.value)} />
      </label>
      <ModalCancelButton>Cancel</ModalCancelButton>
    </Modal>
  );
}

const open = (initial?: string) => {
  const onClose = vi.fn();
  renderScreen(<NoteDialog onClose={onClose} initial={initial} />);
  return onClose;
};

const WAYS_TO_CLOSE: Record<string, () => Promise<void>> = {
  Escape: async () => {
    await userEvent.keyboard('{Escape}');
  },
  'a backdrop click': async () => {
    fireEvent.mouseDown(screen.getByRole('presentation'));
  },
  'the close button': () => userEvent.click(screen.getByRole('button', { name: 'Close' })),
  Cancel: () => userEvent.click(screen.getByRole('button', { name: 'Cancel' })),
};

describe('Modal: closing keeps what was typed', () => {
  for (const [way, close] of Object.entries(WAYS_TO_CLOSE)) {
    it(`${way} with text typed asks 'Discard what you wrote?'; Keep writing keeps it, Discard closes`, async () => {
      const onClose = open();
      const note = screen.getByLabelText('Note');
      await userEvent.type(note, 'Half a thought');

      await close();
      expect(onClose).not.toHaveBeenCalled();
      const question = screen.getByRole('alertdialog', { name: 'Discard what you wrote?' });
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep writing' }));
      expect(question).toBeTruthy();

      await userEvent.click(screen.getByRole('button', { name: 'Keep writing' }));
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect((screen.getByLabelText('Note') as HTMLTextAreaElement).value).toBe('Half a thought');
      expect(onClose).not.toHaveBeenCalled();

      await close();
      await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
      expect(onClose).toHaveBeenCalledTimes(1);
    });

    it(`${way} on an empty dialog closes it at once`, async () => {
      const onClose = open();
      await close();
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('alertdialog')).toBeNull();
    });
  }

  it('Escape answers the question with Keep writing and gives focus back to the field', async () => {
    const onClose = open();
    await userEvent.type(screen.getByLabelText('Note'), 'Draft');
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Note'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a field still holding what it opened with, or typed back empty, closes at once', async () => {
    const onClose = open('Already there');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('text typed and then deleted closes at once', async () => {
    const onClose = open();
    const note = screen.getByLabelText('Note');
    await userEvent.type(note, 'oops');
    await userEvent.clear(note);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
