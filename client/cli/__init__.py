"""Command-line tools modelled on Kafka's own, on top of client.AsyncAdmin:

    kbroker-consumer-groups   (python -m client.cli.consumer_groups)   kafka-consumer-groups.sh
    kbroker-topics            (python -m client.cli.topics)            kafka-topics.sh
    kbroker-configs           (python -m client.cli.configs)           kafka-configs.sh
    kbroker-share-groups      (python -m client.cli.share_groups)      kafka-share-groups.sh

Same options, verbs and columns as Kafka's; aligned tables by default, `--output json` for
scripts. Errors are one line on stderr and a non-zero exit (1: the operation failed; 2: bad
options).
"""
