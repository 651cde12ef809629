"""Security: TLS listeners (tls.py), SASL authentication (sasl.py, scram.py, credentials.py) and
the ACL authorizer (acl.py: pure matching; authorizer.py: the store and the broker's checks)."""
