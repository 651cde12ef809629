"""A member's heartbeat and poll timers, as Kafka's `Heartbeat` keeps them: when the next
heartbeat is due, and whether the application has gone longer than max_poll_interval_ms
without polling (then the member leaves the group, as Kafka's heartbeat thread makes it, and
rejoins at its next poll). Pure: the caller passes the time (`time.monotonic()` seconds); the
coordinator's heartbeat task acts on the answers.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Heartbeat:
    interval_s: float
    max_poll_interval_s: float
    last_poll: float
    next_heartbeat: float = 0.0
    waiting_in_poll: int = 0  # the application waits inside getmany: the poll timer does not run
    poll_expired: bool = False  # the member left for it; cleared by the next poll

    # -- the application's polls --------------------------------------------------------------

    def poll(self, now: float) -> bool:
        """The application polled: restart the poll timer. True if it had expired (the member
        left the group and must rejoin)."""
        self.last_poll = now
        expired, self.poll_expired = self.poll_expired, False
        return expired

    def enter_poll(self) -> None:
        self.waiting_in_poll += 1

    def leave_poll(self, now: float) -> None:
        self.waiting_in_poll -= 1
        self.last_poll = now

    def _poll_timer_runs(self, joined: bool) -> bool:
        return self.waiting_in_poll == 0 and joined and not self.poll_expired

    def poll_timer_expired(self, now: float, joined: bool) -> bool:
        """A member in the group has not polled for max_poll_interval_ms (marks it expired)."""
        if self._poll_timer_runs(joined) and now - self.last_poll > self.max_poll_interval_s:
            self.poll_expired = True
            return True
        return False

    # -- heartbeats ---------------------------------------------------------------------------

    def time_to_next_event(self, now: float, stable: bool, joined: bool) -> float:
        """Seconds until a heartbeat is due (while stable) or the poll timer expires."""
        wait = max(0.0, self.next_heartbeat - now) if stable else self.interval_s
        if self._poll_timer_runs(joined):
            wait = min(wait, max(0.0, self.last_poll + self.max_poll_interval_s - now) + 0.001)
        return wait

    def heartbeat_due(self, now: float) -> bool:
        return now >= self.next_heartbeat

    def sent(self, now: float) -> None:
        """A heartbeat goes out now (also: a generation was just joined); the next one in an interval."""
        self.next_heartbeat = now + self.interval_s

    def retry_after(self, now: float, backoff_s: float) -> None:
        self.next_heartbeat = now + backoff_s
