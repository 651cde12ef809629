"""Cluster mode on ZooKeeper (Kafka 2.x's znode layout): broker registration, the controller,
partition placement and leadership, and what the handlers ask to redirect clients.

Absent `zookeeper.connect`, a single broker needs none of this package.
"""
