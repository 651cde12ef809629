"""How this broker connects to the others (replica fetchers, transaction markers, the share
persister, dead letters): on the inter-broker listener, with that listener's security protocol.
TLS trusts `ssl.truststore.*` and shows the broker's own keystore (an SSL listener that requires
client certificates names the broker by its certificate); SASL logs in as the broker's own user
of `listener.name.<listener>.<mechanism>.sasl.jaas.config` with
`sasl.mechanism.inter.broker.protocol`."""

from __future__ import annotations

import ssl
from typing import TYPE_CHECKING

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
        context = ssl.create_default_context()
        trust_text, trust_location = config["ssl.truststore.certificates"], config["ssl.truststore.location"]
        if trust_text:
            context.load_verify_locations(cadata=trust_text.replace("\\n", "\n"))
        elif trust_location:
            context.load_verify_locations(cafile=trust_location)
        if config["ssl.keystore.location"]:
            password = config["ssl.key.password"] or config["ssl.keystore.password"]
            context.load_cert_chain(config["ssl.keystore.location"], password=password)
    if protocol == "SSL":
        return SecurityConfig(protocol, context)
    mechanism = config["sasl.mechanism.inter.broker.protocol"]
    login = dict(_jaas_options(config.listener_jaas.get((listener, mechanism), "")))
    return SecurityConfig(protocol, context, mechanism, login.get("username"), login.get("password"))
