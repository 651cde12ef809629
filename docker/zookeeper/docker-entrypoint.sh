#!/bin/bash
# The official zookeeper image's configuration contract, on Debian's package: without a
# $ZOO_CONF_DIR/zoo.cfg one is written from the ZOO_* variables (same names and defaults).
set -euo pipefail

: "${ZOO_TICK_TIME:=2000}" "${ZOO_INIT_LIMIT:=5}" "${ZOO_SYNC_LIMIT:=2}" "${ZOO_MAX_CLIENT_CNXNS:=60}"
: "${ZOO_STANDALONE_ENABLED:=true}" "${ZOO_ADMINSERVER_ENABLED:=true}" "${ZOO_4LW_COMMANDS_WHITELIST:=srvr}"
: "${ZOO_AUTOPURGE_PURGEINTERVAL:=0}" "${ZOO_AUTOPURGE_SNAPRETAINCOUNT:=3}" "${ZOO_MY_ID:=1}"
: "${ZOO_SERVERS:=server.1=localhost:2888:3888;2181}"

cfg="$ZOO_CONF_DIR/zoo.cfg"
if [ ! -f "$cfg" ]; then
    {
        echo "dataDir=$ZOO_DATA_DIR"
        echo "dataLogDir=$ZOO_DATA_LOG_DIR"
        echo "tickTime=$ZOO_TICK_TIME"
        echo "initLimit=$ZOO_INIT_LIMIT"
        echo "syncLimit=$ZOO_SYNC_LIMIT"
        echo "autopurge.snapRetainCount=$ZOO_AUTOPURGE_SNAPRETAINCOUNT"
        echo "autopurge.purgeInterval=$ZOO_AUTOPURGE_PURGEINTERVAL"
        echo "maxClientCnxns=$ZOO_MAX_CLIENT_CNXNS"
        echo "standaloneEnabled=$ZOO_STANDALONE_ENABLED"
        echo "admin.enableServer=$ZOO_ADMINSERVER_ENABLED"
        echo "4lw.commands.whitelist=$ZOO_4LW_COMMANDS_WHITELIST"
        for server in $ZOO_SERVERS; do echo "$server"; done
        if [ -n "${ZOO_CFG_EXTRA:-}" ]; then for line in $ZOO_CFG_EXTRA; do echo "$line"; done; fi
    } > "$cfg"
fi
if [ ! -f "$ZOO_DATA_DIR/myid" ]; then
    echo "$ZOO_MY_ID" > "$ZOO_DATA_DIR/myid"
fi

if [ "$1" = "zkServer.sh" ]; then
    # The server on this config, logging to stdout (log4j.properties is on the class path).
    exec java ${JVMFLAGS:--Xmx256m} -cp "/opt/zookeeper:/usr/share/java/zookeeper.jar:/usr/share/java/slf4j-log4j12.jar:/usr/share/java/log4j-1.2.jar" \
        org.apache.zookeeper.server.quorum.QuorumPeerMain "$cfg"
fi
exec "$@"
