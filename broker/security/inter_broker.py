"""How this broker connects to the others (replica fetchers, transaction markers, the share
persister, dead letters): on the inter-broker listener, with that listener's security protocol.
TLS trusts `ssl.truststore.*` and shows the broker's own keystore (an SSL listener that requires
client certificates names the broker by its certificate), the inter-broker listener's own
`listener.name.<listener>.ssl.*` keys first; SASL logs in as the broker's own user
of `listener.name.<listener>.<mechanism>.sasl.jaas.config` with
`sasl.mechanism.inter.broker.protocol`."""

from __future__ import annotations

import ssl
from typing import TYPE_CHECKING

from broker.security.tls import load_keystore, load_truststore
from client.security import SecurityConfig, _jaas_options

if TYPE_CHECKING:
    from broker.config import Config


def inter_broker_security(config: Config) -> SecurityConfig | None:
    """None on a PLAINTEXT inter-broker listener."""
    listener = config.inter_broker_listener_name
    protocol = config.security_protocol_map.get(listener, "PLAINTEXT")
    if protocol == "PLAINTEXT":
        return None
    context = None
    if protocol in ("SSL", "SASL_SSL"):
        # The listener's own ssl.* keys first, then the broker's (Kafka's per-listener rule).
        settings = config.for_listener(listener)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        if not load_truststore(context, settings):
            context.load_default_certs()  # a cluster does not start without one (config.py)
        load_keystore(context, settings)
    if protocol == "SSL":
        return SecurityConfig(protocol, context)
    mechanism = config["sasl.mechanism.inter.broker.protocol"]
    login = dict(_jaas_options(config.listener_jaas.get((listener, mechanism), "")))
    return SecurityConfig(protocol, context, mechanism, login.get("username"), login.get("password"))
