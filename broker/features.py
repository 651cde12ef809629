"""Feature flags (KIP-584): the features this broker supports, the cluster's finalized levels,
and UpdateFeatures' decisions (pure).

kbroker supports `group.version` 0-1 (1: the KIP-848 consumer rebalance protocol, finalized
at 1 when group.coordinator.rebalance.protocols has "consumer"). ApiVersions (v3+) answers the
supported range, the finalized levels and their epoch; UpdateFeatures changes the finalized
levels, durably (ZooKeeper's /feature znode in a cluster, as Kafka 2.7+ in ZooKeeper mode;
the dynamic configs file of a single broker). The levels are recorded and answered; they do
not yet turn kbroker's behaviour on or off (group.coordinator.rebalance.protocols does).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from protocol.errors import ErrorCode

SUPPORTED: dict[str, tuple[int, int]] = {"group.version": (0, 1)}
UPGRADE, SAFE_DOWNGRADE, UNSAFE_DOWNGRADE = 1, 2, 3


@dataclass(frozen=True, slots=True)
class FeatureUpdate:
    feature: str
    level: int  # < 1: remove the finalized level
    upgrade_type: int  # v0's allow_downgrade maps to SAFE_DOWNGRADE


def default_finalized(consumer_protocol: bool) -> dict[str, int]:
    return {"group.version": 1} if consumer_protocol else {}


def update(
    finalized: Mapping[str, int], updates: list[FeatureUpdate]
) -> tuple[dict[str, int], dict[str, tuple[ErrorCode, str | None]]]:
    """The finalized levels after the updates, and each feature's answer. All or nothing, as
    Kafka's controller applies them: one refused update refuses the request."""
    new = dict(finalized)
    results: dict[str, tuple[ErrorCode, str | None]] = {}
    for u in updates:
        problem = _problem(finalized, u)
        if u.feature in results:
            problem = f"Feature {u.feature} appears more than once in the request."
        results[u.feature] = (
            (ErrorCode.NONE, None) if problem is None else (ErrorCode.INVALID_UPDATE_VERSION, problem)
        )
        if problem is None:
            if u.level < 1:
                new.pop(u.feature, None)
            else:
                new[u.feature] = u.level
    if any(code != ErrorCode.NONE for code, _ in results.values()):
        return dict(finalized), results
    return new, results


def _problem(finalized: Mapping[str, int], u: FeatureUpdate) -> str | None:
    supported = SUPPORTED.get(u.feature)
    if supported is None:
        return f"Invalid update version for feature {u.feature}: the broker does not support it."
    if u.upgrade_type not in (UPGRADE, SAFE_DOWNGRADE, UNSAFE_DOWNGRADE):
        return f"Unknown upgrade type {u.upgrade_type} for feature {u.feature}."
    current = finalized.get(u.feature, 0)
    if u.level < current and u.upgrade_type == UPGRADE:
        return (
            f"Invalid update version {u.level} for feature {u.feature}. Can't downgrade the version "
            "of this feature without setting the upgrade type to either safe or unsafe downgrade."
        )
    if u.level >= 1 and not supported[0] <= u.level <= supported[1]:
        return (
            f"Invalid update version {u.level} for feature {u.feature}: the broker supports versions "
            f"{supported[0]}-{supported[1]}."
        )
    return None
