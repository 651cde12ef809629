"""What KIP-848 consumer groups and KIP-932 share groups have in common (Kafka's `modern`
package): one queue of requests per group, each decided on the group as the records before it
leave it, their records written in one append, and every one answered once they are durable.

A manager subclasses `GroupRequestQueue` and gives it `replay` (its records onto its groups) and
`error_answer` (its answer for an error code). Until a request has records to write, each is
answered at once; from the first that has on, each is decided on a copy of the group with the
records before it replayed, so that the group itself changes only when they are durable.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from broker import logging_setup
from broker.group.consumer.events import GroupError
from broker.group.events import Outputs, append_error_to_response_error
from broker.group.records import Record
from protocol.errors import ErrorCode

log = logging_setup.get_logger("kbroker.group")

Rec = TypeVar("Rec", bound=Record)  # the kind's records
Ans = TypeVar("Ans")  # the kind's heartbeat answer


class Copyable(Protocol):
    def copy(self) -> Self: ...


G = TypeVar("G", bound=Copyable)


@dataclass(slots=True)
class Plan(Generic[Rec, Ans]):
    """A request decided: the records to write and what to answer once they are durable."""

    records: list[Rec]
    result: Ans | None  # None: no one to answer (a timer's)
    after: Callable[[], None] | None = None  # once written (timers)
    on_error: Callable[[ErrorCode], None] | None = None  # the write failed
    error_result: Callable[[ErrorCode], Any] | None = None  # the answer then (default: error_answer)


Op = tuple[Callable[[], Plan[Rec, Ans]], Any]  # (decide the request, its waiter or None)


class GroupRequestQueue(Generic[G, Rec, Ans]):
    kind: ClassVar[str]  # "consumer group", "share group": for the log
    groups: dict[str, G]
    outputs: Outputs

    def __init__(self) -> None:
        self._busy: dict[str, deque[Op[Rec, Ans]]] = {}
        self._shadowing = False  # replaying onto a copy of a group (no timers touched)

    def replay(self, record: Rec) -> None:
        raise NotImplementedError

    def error_answer(self, error: ErrorCode, message: str | None = None) -> Ans:
        raise NotImplementedError

    def _run(self, group_id: str, compute: Callable[[], Plan[Rec, Ans]], waiter: Any = None) -> None:
        """Compute a request (waiter None: a timer's) now, or after the group's write in flight."""
        queue = self._busy.get(group_id)
        if queue is not None:
            queue.append((compute, waiter))
        else:
            self._process(group_id, deque([(compute, waiter)]))

    def _process(self, group_id: str, ops: deque[Op[Rec, Ans]]) -> None:
        """Compute `ops` in order (see the module docstring); their records go out in one append."""
        settled: list[tuple[Plan[Rec, Ans], Any]] = []
        records: list[Rec] = []
        real = self.groups.get(group_id)
        shadowing = False
        try:
            while ops:
                compute, waiter = ops.popleft()
                try:
                    plan = compute()
                except GroupError as e:
                    plan = Plan([], self.error_answer(e.error, e.message))
                if not shadowing:
                    if not plan.records:
                        self._finish(plan, waiter, ErrorCode.NONE)
                        continue
                    shadowing = self._shadowing = True
                    if real is not None:
                        self.groups[group_id] = real.copy()
                for record in plan.records:
                    self.replay(record)
                records.extend(plan.records)
                settled.append((plan, waiter))
        finally:
            if shadowing:
                self._shadowing = False
                if real is not None:
                    self.groups[group_id] = real
                else:
                    self.groups.pop(group_id, None)
        if settled:
            self._busy[group_id] = deque()
            self.outputs.write(records, partial(self._written, group_id, settled))

    def _written(self, group_id: str, settled: list[tuple[Plan[Rec, Ans], Any]], error: ErrorCode) -> None:
        queue = self._busy.pop(group_id, deque())
        if error != ErrorCode.NONE:
            log.warning(f"fail to store {self.kind}", group=group_id, error=error.name)
        for plan, waiter in settled:
            self._finish(plan, waiter, error)
        if queue:
            self._process(group_id, queue)

    def _finish(self, plan: Plan[Rec, Ans], waiter: Any, error: ErrorCode) -> None:
        if error != ErrorCode.NONE:
            if plan.on_error is not None:
                plan.on_error(error)
            if waiter is not None:
                answer_error = append_error_to_response_error(error)
                self.outputs.reply(
                    waiter,
                    self.error_answer(answer_error)
                    if plan.error_result is None
                    else plan.error_result(answer_error),
                )
            return
        if plan.after is not None:
            plan.after()
        if waiter is not None and plan.result is not None:
            self.outputs.reply(waiter, plan.result)
