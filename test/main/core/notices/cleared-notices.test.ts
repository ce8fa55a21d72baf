import { describe, expect, it } from 'vitest';
import { NoticeBoard } from '../../../../src/main/core/notices/notice-board';
import { EventBus } from '../../../../src/main/core/events/event-bus';

/** What an open screen hears: it asks the board again on every push, so a silent take-back stays on screen. */
function boardWithEar() {
  const events = new EventBus();
  const heard: string[] = [];
  events.subscribe((event) => heard.push(event));
  return { board: new NoticeBoard({ events }), heard };
}

const lateFailure = (refId: string) => ({ code: 'callback_listener_failed', params: { port: 8899, cue: refId } }) as const;

describe('a notice taken back while the screen is open', () => {
  it('is told to the screen when taken back by key (the owner checked that sale)', () => {
    const { board, heard } = boardWithEar();
    board.add('warning', lateFailure('a'), 'R1');
    board.add('warning', lateFailure('b'), 'R2');
    heard.length = 0;
    board.clearKey('callback_listener_failed', 'R1');
    expect(board.list().map((n) => n.key)).toEqual(['R2']);
    expect(heard).toEqual(['app:noticeCleared']);
  });

  it('is told when taken back by code (a backup succeeded after one failed)', () => {
    const { board, heard } = boardWithEar();
    board.add('warning', lateFailure('a'));
    heard.length = 0;
    board.clear('callback_listener_failed');
    expect(board.list()).toEqual([]);
    expect(heard).toEqual(['app:noticeCleared']);
  });

  it('is not told when there was nothing to take back', () => {
    const { board, heard } = boardWithEar();
    board.add('warning', lateFailure('a'), 'R1');
    heard.length = 0;
    board.clearKey('callback_listener_failed', 'R9');
    board.clear('backup_failed');
    expect(heard).toEqual([]);
  });
});
