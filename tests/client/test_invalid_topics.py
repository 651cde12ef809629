"""Must-show 4 of issue 19: an illegal topic name raises, in subscribe() and from the poll that
gets the broker's INVALID_TOPIC_EXCEPTION, instead of polling an empty assignment forever."""

from __future__ import annotations

import time

import pytest

from client import AsyncConsumer, InvalidTopicError, TopicPartition
from client.metadata import ClusterMetadata
from client.subscription import topic_name_error
from protocol.errors import ErrorCode


@pytest.mark.parametrize("name", ["bad topic!", "", ".", "..", "x" * 250, "tab\there", "ümlaut"])
def test_illegal_names_are_refused(name) -> None:
    assert topic_name_error(name)


@pytest.mark.parametrize("name", ["orders", "a.b_c-D9", "x" * 249])
def test_legal_names_pass(name) -> None:
    assert topic_name_error(name) is None


def test_metadata_remembers_invalid_topics_until_answered_otherwise() -> None:
    class T:
        def __init__(self, name, code):
            self.name, self.error_code, self.partitions, self.topic_id, self.is_internal = (
                name,
                code,
                [],
                None,
                False,
            )

    class R:
        brokers, controller_id, cluster_id = [], -1, "c"

        def __init__(self, *topics):
            self.topics = topics

    md = ClusterMetadata()
    md.update(
        R(T("bad topic!", ErrorCode.INVALID_TOPIC_EXCEPTION)), all_topics=False, requested=["bad topic!"]
    )
    assert md.invalid_topics == {"bad topic!"}
    md.update(
        R(T("bad topic!", ErrorCode.UNKNOWN_TOPIC_OR_PARTITION)), all_topics=False, requested=["bad topic!"]
    )
    assert md.invalid_topics == set()


async def test_subscribe_raises_on_an_illegal_name(target) -> None:
    async with AsyncConsumer(bootstrap_servers=target.bootstrap, group_id="g-invalid") as consumer:
        with pytest.raises(InvalidTopicError, match="illegal"):
            consumer.subscribe(["bad topic!"])
        assert consumer.subscription() == set()
    with pytest.raises(InvalidTopicError):
        AsyncConsumer("bad topic!", bootstrap_servers=target.bootstrap, group_id="g-invalid")


async def test_poll_raises_within_one_poll_when_the_broker_calls_a_topic_invalid(target) -> None:
    # assign() takes names as they are (as Java's does); the broker's Metadata answer refuses it.
    target.skip_on_mock(
        "topic name validation: it does not answer INVALID_TOPIC_EXCEPTION for an illegal name"
    )
    async with AsyncConsumer(bootstrap_servers=target.bootstrap) as consumer:
        consumer.assign([TopicPartition("bad topic!", 0)])
        started = time.monotonic()
        with pytest.raises(InvalidTopicError) as e:
            await consumer.getmany(timeout_ms=20_000)  # one poll; it must not wait out its timeout
        assert time.monotonic() - started < 15
        assert e.value.code == ErrorCode.INVALID_TOPIC_EXCEPTION and "bad topic!" in str(e.value)
