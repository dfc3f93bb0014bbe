/**
 * The answers being written in this process, so that `chat/stop` can stop one. Keyed by the answer's
 * id and checked against its member and session: another member's ids stop nothing.
 */
interface RunningTurn {
  memberId: string;
  sessionId: string;
  controller: AbortController;
}

const running = new Map<string, RunningTurn>();

export const runningTurns = {
  add(messageId: string, turn: RunningTurn) {
    running.set(messageId, turn);
  },
  remove(messageId: string) {
    running.delete(messageId);
  },
  /** Stops the member's running answer; false when there is none (finished, or not theirs). */
  stop(memberId: string, sessionId: string, messageId: string): boolean {
    const turn = running.get(messageId);
    if (!turn || turn.memberId !== memberId || turn.sessionId !== sessionId) return false;
    turn.controller.abort('stopped');
    return true;
  },
  get size() {
    return running.size;
  },
};
