"""kbroker's async Kafka client: it speaks the Kafka protocol to kbroker or to any Kafka broker.

    from client import AsyncAdmin, AsyncConsumer, AsyncProducer, NewTopic, TopicPartition

AsyncProducer   batching per partition (linger_ms, batch_size), acks, compression, the Java
                partitioner (murmur2 keys, sticky null keys), delivery futures.
AsyncConsumer   subscribe (topics or pattern) or assign; `async for`, getmany, seek, commit,
                position/committed, pause/resume; a consumer group member with its own
                heartbeat task, max_poll_interval_ms, static membership and KIP-429.
AsyncShareConsumer  a KIP-932 share group member: records acquired and acknowledged one by one
                (implicit or explicit acknowledgement), delivery counts, its own heartbeat task.
AsyncAdmin      create/delete topics, list/describe/delete groups, list offsets, alter/reset
                group offsets.
"""

from client.admin import AsyncAdmin, GroupDescription, GroupListing, MemberDescription, NewTopic
from client.consumer import AsyncConsumer
from client.coordinator import RebalanceListener
from client.errors import (
    CommitFailedError,
    ConsumerStoppedError,
    GroupFatalError,
    InvalidTopicError,
    KafkaConnectionError,
    KafkaError,
    KafkaTimeoutError,
    ProducerFencedError,
    RebalanceInProgressError,
    TransactionAbortedError,
)
from client.producer import AsyncProducer
from client.share_acknowledgements import AcknowledgeType
from client.share_consumer import AsyncShareConsumer, ShareConsumerRecord
from client.structs import ConsumerRecord, OffsetAndMetadata, OffsetSpec, RecordMetadata, TopicPartition
from client.transactions import GroupMetadata

__all__ = [
    "AcknowledgeType",
    "AsyncAdmin",
    "AsyncConsumer",
    "AsyncProducer",
    "AsyncShareConsumer",
    "CommitFailedError",
    "ConsumerRecord",
    "ConsumerStoppedError",
    "GroupDescription",
    "GroupFatalError",
    "GroupListing",
    "GroupMetadata",
    "InvalidTopicError",
    "KafkaConnectionError",
    "KafkaError",
    "KafkaTimeoutError",
    "MemberDescription",
    "NewTopic",
    "OffsetAndMetadata",
    "OffsetSpec",
    "ProducerFencedError",
    "RebalanceInProgressError",
    "RebalanceListener",
    "RecordMetadata",
    "ShareConsumerRecord",
    "TopicPartition",
    "TransactionAbortedError",
]
