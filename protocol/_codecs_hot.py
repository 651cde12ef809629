"""Codecs of declared message versions, compiled ahead of time where the build can (protocol/codegen.py): do not edit.

Regenerate with `python -m protocol.codegen`; `make lint` checks it is current.
"""

# ruff: noqa
# fmt: off
import struct as _struct
from uuid import UUID as _UUID

from construct import Container

from protocol.compiled import (
    UVARINT_BYTES as _UV,
    getter as _getter,
    null_build as _null_build,
    read_tags as _read_tags,
    read_uvarint as _uvarint,
    too_many as _too_many,
    truncated as _truncated,
    uuid_from_bytes as _uuid,
    write_tags as _write_tags,
)
from protocol.errors import ProtocolDecodeError as _Err
from protocol.primitives import encode_uvarint as _uv

_NO_TAGS: dict = {}
_struct_unpack_from = _struct.unpack_from
_struct_pack = _struct.pack

_unpack_from_hii = _struct.Struct('>hii').unpack_from
_unpack_from_h = _struct.Struct('>h').unpack_from
_unpack_from_i = _struct.Struct('>i').unpack_from
_unpack_from_ii = _struct.Struct('>ii').unpack_from
_D_ProduceRequest_v0_1 = _UUID('00000000-0000-0000-0000-000000000000')
_pack_hii = _struct.Struct('>hii').pack
_pack_h = _struct.Struct('>h').pack
_pack_i = _struct.Struct('>i').pack
_pack_ii = _struct.Struct('>ii').pack
_D_ProduceRequest_v3_1 = _UUID('00000000-0000-0000-0000-000000000000')
_unpack_from_hi = _struct.Struct('>hi').unpack_from
_D_ProduceRequest_v9_1 = _UUID('00000000-0000-0000-0000-000000000000')
_pack_hi = _struct.Struct('>hi').pack
_unpack_from_16s = _struct.Struct('>16s').unpack_from
_D_ProduceRequest_v13_1 = _UUID('00000000-0000-0000-0000-000000000000')
_unpack_from_ihq = _struct.Struct('>ihq').unpack_from
_D_ProduceResponse_v0_1 = _UUID('00000000-0000-0000-0000-000000000000')
_pack_ihq = _struct.Struct('>ihq').pack
_D_ProduceResponse_v1_1 = _UUID('00000000-0000-0000-0000-000000000000')
_unpack_from_ihqq = _struct.Struct('>ihqq').unpack_from
_D_ProduceResponse_v2_1 = _UUID('00000000-0000-0000-0000-000000000000')
_pack_ihqq = _struct.Struct('>ihqq').pack
_unpack_from_ihqqq = _struct.Struct('>ihqqq').unpack_from
_D_ProduceResponse_v5_1 = _UUID('00000000-0000-0000-0000-000000000000')
_pack_ihqqq = _struct.Struct('>ihqqq').pack
_unpack_from_ihqqqi = _struct.Struct('>ihqqqi').unpack_from
_unpack_from_ih = _struct.Struct('>ih').unpack_from
_D_ProduceResponse_v8_1 = _UUID('00000000-0000-0000-0000-000000000000')
_pack_ihqqqi = _struct.Struct('>ihqqqi').pack
_pack_ih = _struct.Struct('>ih').pack
_D_ProduceResponse_v9_1 = _UUID('00000000-0000-0000-0000-000000000000')
_D_ProduceResponse_v10_3 = _UUID('00000000-0000-0000-0000-000000000000')
_D_ProduceResponse_v10_6 = Container({'leader_id': -1, 'leader_epoch': -1})
_D_ProduceResponse_v13_5 = _UUID('00000000-0000-0000-0000-000000000000')
_D_ProduceResponse_v13_6 = Container({'leader_id': -1, 'leader_epoch': -1})
_unpack_from_iiii = _struct.Struct('>iiii').unpack_from
_unpack_from_iqi = _struct.Struct('>iqi').unpack_from
_D_FetchRequest_v0_1 = _UUID('00000000-0000-0000-0000-000000000000')
_pack_iiii = _struct.Struct('>iiii').pack
_pack_iqi = _struct.Struct('>iqi').pack
_unpack_from_iiiii = _struct.Struct('>iiiii').unpack_from
_D_FetchRequest_v3_1 = _UUID('00000000-0000-0000-0000-000000000000')
_pack_iiiii = _struct.Struct('>iiiii').pack
_unpack_from_iiiibi = _struct.Struct('>iiiibi').unpack_from
_D_FetchRequest_v4_1 = _UUID('00000000-0000-0000-0000-000000000000')
_pack_iiiibi = _struct.Struct('>iiiibi').pack
_unpack_from_iqqi = _struct.Struct('>iqqi').unpack_from
_D_FetchRequest_v5_1 = _UUID('00000000-0000-0000-0000-000000000000')
_pack_iqqi = _struct.Struct('>iqqi').pack
_unpack_from_iiiibiii = _struct.Struct('>iiiibiii').unpack_from
_D_FetchRequest_v7_1 = _UUID('00000000-0000-0000-0000-000000000000')
_unpack_from_i_arrays = tuple(_struct.Struct('>%di' % n).unpack_from for n in range(32))
_pack_iiiibiii = _struct.Struct('>iiiibiii').pack
_pack_i_arrays = tuple(_struct.Struct('>%di' % n).pack for n in range(32))
_unpack_from_iiqqi = _struct.Struct('>iiqqi').unpack_from
_D_FetchRequest_v9_1 = _UUID('00000000-0000-0000-0000-000000000000')
_pack_iiqqi = _struct.Struct('>iiqqi').pack
_D_FetchRequest_v11_1 = _UUID('00000000-0000-0000-0000-000000000000')
_unpack_from_iiiibii = _struct.Struct('>iiiibii').unpack_from
_unpack_from_iiqiqi = _struct.Struct('>iiqiqi').unpack_from
_D_FetchRequest_v12_1 = _UUID('00000000-0000-0000-0000-000000000000')
_pack_iiiibii = _struct.Struct('>iiiibii').pack
_pack_iiqiqi = _struct.Struct('>iiqiqi').pack
_D_FetchRequest_v13_1 = _UUID('00000000-0000-0000-0000-000000000000')
_unpack_from_iiibii = _struct.Struct('>iiibii').unpack_from
_D_FetchRequest_v15_1 = _UUID('00000000-0000-0000-0000-000000000000')
_unpack_from_iq = _struct.Struct('>iq').unpack_from
_pack_iiibii = _struct.Struct('>iiibii').pack
_D_FetchRequest_v15_6 = Container({'replica_id': -1, 'replica_epoch': -1})
_pack_iq = _struct.Struct('>iq').pack
_D_FetchRequest_v17_1 = _UUID('00000000-0000-0000-0000-000000000000')
_D_FetchRequest_v17_9 = Container({'replica_id': -1, 'replica_epoch': -1})
_D_FetchRequest_v18_1 = _UUID('00000000-0000-0000-0000-000000000000')
_unpack_from_q = _struct.Struct('>q').unpack_from
_pack_q = _struct.Struct('>q').pack
_D_FetchRequest_v18_11 = Container({'replica_id': -1, 'replica_epoch': -1})
_unpack_from_ihqi = _struct.Struct('>ihqi').unpack_from
_D_FetchResponse_v0_1 = _UUID('00000000-0000-0000-0000-000000000000')
_pack_ihqi = _struct.Struct('>ihqi').pack
_D_FetchResponse_v1_1 = _UUID('00000000-0000-0000-0000-000000000000')
_unpack_from_ihqqi = _struct.Struct('>ihqqi').unpack_from
_unpack_from_qq = _struct.Struct('>qq').unpack_from
_D_FetchResponse_v4_1 = _UUID('00000000-0000-0000-0000-000000000000')
_pack_ihqqi = _struct.Struct('>ihqqi').pack
_pack_qq = _struct.Struct('>qq').pack
_D_FetchResponse_v5_1 = _UUID('00000000-0000-0000-0000-000000000000')
_unpack_from_ihii = _struct.Struct('>ihii').unpack_from
_D_FetchResponse_v7_1 = _UUID('00000000-0000-0000-0000-000000000000')
_pack_ihii = _struct.Struct('>ihii').pack
_D_FetchResponse_v11_1 = _UUID('00000000-0000-0000-0000-000000000000')
_unpack_from_ihi = _struct.Struct('>ihi').unpack_from
_unpack_from_qi = _struct.Struct('>qi').unpack_from
_D_FetchResponse_v12_5 = _UUID('00000000-0000-0000-0000-000000000000')
_pack_ihi = _struct.Struct('>ihi').pack
_D_FetchResponse_v12_6 = Container({'epoch': -1, 'end_offset': -1})
_D_FetchResponse_v12_8 = Container({'leader_id': -1, 'leader_epoch': -1})
_D_FetchResponse_v12_10 = Container({'end_offset': -1, 'epoch': -1})
_pack_qi = _struct.Struct('>qi').pack
_D_FetchResponse_v13_5 = _UUID('00000000-0000-0000-0000-000000000000')
_D_FetchResponse_v13_6 = Container({'epoch': -1, 'end_offset': -1})
_D_FetchResponse_v13_8 = Container({'leader_id': -1, 'leader_epoch': -1})
_D_FetchResponse_v13_10 = Container({'end_offset': -1, 'epoch': -1})
_D_FetchResponse_v16_7 = _UUID('00000000-0000-0000-0000-000000000000')
_D_FetchResponse_v16_8 = Container({'epoch': -1, 'end_offset': -1})
_D_FetchResponse_v16_10 = Container({'leader_id': -1, 'leader_epoch': -1})
_D_FetchResponse_v16_12 = Container({'end_offset': -1, 'epoch': -1})
_unpack_from_ibi = _struct.Struct('>ibi').unpack_from
_pack_ibi = _struct.Struct('>ibi').pack
_unpack_from_iiq = _struct.Struct('>iiq').unpack_from
_pack_iiq = _struct.Struct('>iiq').pack
_unpack_from_ib = _struct.Struct('>ib').unpack_from
_pack_ib = _struct.Struct('>ib').pack
_unpack_from_q_arrays = tuple(_struct.Struct('>%dq' % n).unpack_from for n in range(32))
_pack_q_arrays = tuple(_struct.Struct('>%dq' % n).pack for n in range(32))
_unpack_from_iqh = _struct.Struct('>iqh').unpack_from
_pack_iqh = _struct.Struct('>iqh').pack
_unpack_from_iqqh = _struct.Struct('>iqqh').unpack_from
_pack_iqqh = _struct.Struct('>iqqh').pack
_unpack_from_iqih = _struct.Struct('>iqih').unpack_from
_pack_iqih = _struct.Struct('>iqih').pack
_unpack_from_o = _struct.Struct('>?').unpack_from
_pack_o = _struct.Struct('>?').pack
_unpack_from_b = _struct.Struct('>b').unpack_from
_pack_b = _struct.Struct('>b').pack
_unpack_from_hih = _struct.Struct('>hih').unpack_from
_pack_hih = _struct.Struct('>hih').pack
_unpack_from_ihh = _struct.Struct('>ihh').unpack_from
_pack_ihh = _struct.Struct('>ihh').pack
_unpack_from_iih = _struct.Struct('>iih').unpack_from
_pack_iih = _struct.Struct('>iih').pack
_unpack_from_ihih = _struct.Struct('>ihih').unpack_from
_pack_ihih = _struct.Struct('>ihih').pack
_unpack_from_hhh = _struct.Struct('>hhh').unpack_from
_pack_hhh = _struct.Struct('>hhh').pack
_unpack_from_hh = _struct.Struct('>hh').unpack_from
_pack_hh = _struct.Struct('>hh').pack
_unpack_from_ihqh = _struct.Struct('>ihqh').unpack_from
_pack_ihqh = _struct.Struct('>ihqh').pack
_D_ConsumerGroupHeartbeatRequest_v0_1 = _UUID('00000000-0000-0000-0000-000000000000')
_D_ConsumerGroupHeartbeatRequest_v1_1 = _UUID('00000000-0000-0000-0000-000000000000')
_unpack_from_iib = _struct.Struct('>iib').unpack_from
_D_ConsumerGroupHeartbeatResponse_v0_1 = _UUID('00000000-0000-0000-0000-000000000000')
_D_ShareGroupHeartbeatResponse_v1_1 = _UUID('00000000-0000-0000-0000-000000000000')
_unpack_from_qhi = _struct.Struct('>qhi').unpack_from
_pack_qhi = _struct.Struct('>qhi').pack
_unpack_from_qh = _struct.Struct('>qh').unpack_from
_pack_qh = _struct.Struct('>qh').pack
_unpack_from_qhh = _struct.Struct('>qhh').unpack_from
_pack_qhh = _struct.Struct('>qhh').pack
_unpack_from_qho = _struct.Struct('>qh?').unpack_from
_pack_qho = _struct.Struct('>qh?').pack
_unpack_from_qhoi = _struct.Struct('>qh?i').unpack_from
_pack_qhoi = _struct.Struct('>qh?i').pack
_unpack_from_qih = _struct.Struct('>qih').unpack_from
_pack_qih = _struct.Struct('>qih').pack
_unpack_from_iii = _struct.Struct('>iii').unpack_from
_pack_iii = _struct.Struct('>iii').pack
_D_ConsumerGroupPartitionMetadataValue_v0_1 = _UUID('00000000-0000-0000-0000-000000000000')
_D_ConsumerGroupTargetAssignmentMemberValue_v0_1 = _UUID('00000000-0000-0000-0000-000000000000')
_pack_iib = _struct.Struct('>iib').pack
_D_ConsumerGroupCurrentMemberAssignmentValue_v0_1 = _UUID('00000000-0000-0000-0000-000000000000')
_D_ShareGroupPartitionMetadataValue_v0_1 = _UUID('00000000-0000-0000-0000-000000000000')
_D_ShareGroupTargetAssignmentMemberValue_v0_1 = _UUID('00000000-0000-0000-0000-000000000000')
_D_ShareGroupCurrentMemberAssignmentValue_v0_1 = _UUID('00000000-0000-0000-0000-000000000000')
_D_ShareGroupStatePartitionMetadataValue_v0_1 = _UUID('00000000-0000-0000-0000-000000000000')
_D_ShareGroupStatePartitionMetadataValue_v0_2_1 = _UUID('00000000-0000-0000-0000-000000000000')


def _ProduceRequest_v0_decode(buf, pos):
    # ProduceRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['acks'], obj['timeout_ms'], n0 = _unpack_from_hii(buf, pos)
    pos += 10
    if n0 < 0:
        raise _Err("null in non-nullable array at ProduceRequest.topic_data")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'ProduceRequest.topic_data')
    obj['topic_data'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at ProduceRequest.topic_data[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ProduceRequest.topic_data[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at ProduceRequest.topic_data[].partition_data")
        if n1 > 1000000 or n1 * 8 > end - pos:
            raise _too_many(n1, end - pos, 'ProduceRequest.topic_data[].partition_data')
        x0['partition_data'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['index'], n2 = _unpack_from_ii(buf, pos)
            pos += 8
            if n2 < 0:
                x1['records'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('ProduceRequest.topic_data[].partition_data[].records')
                x1['records'] = buf[pos:e2]
                pos = e2
            a1.append(x1)
        x0['topic_id'] = _D_ProduceRequest_v0_1
        a0.append(x0)
    obj['transactional_id'] = None
    return obj, pos


def _ProduceRequest_v0_encode(obj, w):
    # ProduceRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_acks = g0('acks')
    if v0_acks is None:
        v0_acks = 0
    v0_timeout_ms = g0('timeout_ms')
    if v0_timeout_ms is None:
        v0_timeout_ms = 0
    v0_topic_data = g0('topic_data')
    if v0_topic_data is None:
        v0_topic_data = []
    w(_pack_hii(v0_acks, v0_timeout_ms, len(v0_topic_data)))
    for x0 in v0_topic_data:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partition_data = g2('partition_data')
        if v2_partition_data is None:
            v2_partition_data = []
        w(_pack_i(len(v2_partition_data)))
        for x2 in v2_partition_data:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_index = g4('index')
            if v4_index is None:
                v4_index = 0
            v4_records = g4('records', None)
            w(_pack_ii(v4_index, -1 if v4_records is None else len(v4_records)))
            if v4_records is not None:
                w(v4_records)


def _ProduceRequest_v3_decode(buf, pos):
    # ProduceRequest v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        obj['transactional_id'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('ProduceRequest.transactional_id')
        obj['transactional_id'] = buf[pos:e0].decode()
        pos = e0
    obj['acks'], obj['timeout_ms'], n0 = _unpack_from_hii(buf, pos)
    pos += 10
    if n0 < 0:
        raise _Err("null in non-nullable array at ProduceRequest.topic_data")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'ProduceRequest.topic_data')
    obj['topic_data'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at ProduceRequest.topic_data[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ProduceRequest.topic_data[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at ProduceRequest.topic_data[].partition_data")
        if n1 > 1000000 or n1 * 8 > end - pos:
            raise _too_many(n1, end - pos, 'ProduceRequest.topic_data[].partition_data')
        x0['partition_data'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['index'], n2 = _unpack_from_ii(buf, pos)
            pos += 8
            if n2 < 0:
                x1['records'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('ProduceRequest.topic_data[].partition_data[].records')
                x1['records'] = buf[pos:e2]
                pos = e2
            a1.append(x1)
        x0['topic_id'] = _D_ProduceRequest_v3_1
        a0.append(x0)
    return obj, pos


def _ProduceRequest_v3_encode(obj, w):
    # ProduceRequest v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_transactional_id = g0('transactional_id', None)
    v0_transactional_id_bytes = None if v0_transactional_id is None else v0_transactional_id.encode()
    w(_pack_h(-1 if v0_transactional_id_bytes is None else len(v0_transactional_id_bytes)))
    if v0_transactional_id_bytes is not None:
        w(v0_transactional_id_bytes)
    v0_acks = g0('acks')
    if v0_acks is None:
        v0_acks = 0
    v0_timeout_ms = g0('timeout_ms')
    if v0_timeout_ms is None:
        v0_timeout_ms = 0
    v0_topic_data = g0('topic_data')
    if v0_topic_data is None:
        v0_topic_data = []
    w(_pack_hii(v0_acks, v0_timeout_ms, len(v0_topic_data)))
    for x0 in v0_topic_data:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partition_data = g2('partition_data')
        if v2_partition_data is None:
            v2_partition_data = []
        w(_pack_i(len(v2_partition_data)))
        for x2 in v2_partition_data:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_index = g4('index')
            if v4_index is None:
                v4_index = 0
            v4_records = g4('records', None)
            w(_pack_ii(v4_index, -1 if v4_records is None else len(v4_records)))
            if v4_records is not None:
                w(v4_records)


def _ProduceRequest_v9_decode(buf, pos):
    # ProduceRequest v9: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['transactional_id'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ProduceRequest.transactional_id')
        obj['transactional_id'] = buf[pos:e1].decode()
        pos = e1
    obj['acks'], obj['timeout_ms'] = _unpack_from_hi(buf, pos)
    pos += 6
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ProduceRequest.topic_data")
    n1 -= 1
    if n1 > 1000000 or n1 * 3 > end - pos:
        raise _too_many(n1, end - pos, 'ProduceRequest.topic_data')
    obj['topic_data'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ProduceRequest.topic_data[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ProduceRequest.topic_data[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at ProduceRequest.topic_data[].partition_data")
        n3 -= 1
        if n3 > 1000000 or n3 * 6 > end - pos:
            raise _too_many(n3, end - pos, 'ProduceRequest.topic_data[].partition_data')
        x1['partition_data'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['index'], = _unpack_from_i(buf, pos)
            pos += 4
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                x3['records'] = None
            else:
                n5 -= 1
                e5 = pos + n5
                if e5 > end:
                    raise _truncated('ProduceRequest.topic_data[].partition_data[].records')
                x3['records'] = buf[pos:e5]
                pos = e5
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'ProduceRequest.topic_data[].partition_data[]')
            else:
                pos += 1
            a3.append(x3)
        x1['topic_id'] = _D_ProduceRequest_v9_1
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ProduceRequest.topic_data[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ProduceRequest')
    else:
        pos += 1
    return obj, pos


def _ProduceRequest_v9_encode(obj, w):
    # ProduceRequest v9: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_transactional_id = g0('transactional_id', None)
    v0_transactional_id_bytes = None if v0_transactional_id is None else v0_transactional_id.encode()
    if v0_transactional_id_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_transactional_id_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_transactional_id_bytes)
    v0_acks = g0('acks')
    if v0_acks is None:
        v0_acks = 0
    v0_timeout_ms = g0('timeout_ms')
    if v0_timeout_ms is None:
        v0_timeout_ms = 0
    v0_topic_data = g0('topic_data')
    if v0_topic_data is None:
        v0_topic_data = []
    w(_pack_hi(v0_acks, v0_timeout_ms))
    n0 = len(v0_topic_data) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_topic_data:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        n2 = len(v2_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_name_bytes)
        v2_partition_data = g2('partition_data')
        if v2_partition_data is None:
            v2_partition_data = []
        n2 = len(v2_partition_data) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_partition_data:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_index = g4('index')
            if v4_index is None:
                v4_index = 0
            v4_records = g4('records', None)
            w(_pack_i(v4_index))
            if v4_records is None:
                w(b'\x00')
            else:
                n4 = len(v4_records) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_records)
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ProduceRequest_v13_decode(buf, pos):
    # ProduceRequest v13: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['transactional_id'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ProduceRequest.transactional_id')
        obj['transactional_id'] = buf[pos:e1].decode()
        pos = e1
    obj['acks'], obj['timeout_ms'] = _unpack_from_hi(buf, pos)
    pos += 6
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ProduceRequest.topic_data")
    n1 -= 1
    if n1 > 1000000 or n1 * 18 > end - pos:
        raise _too_many(n1, end - pos, 'ProduceRequest.topic_data')
    obj['topic_data'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['topic_id'], = _unpack_from_16s(buf, pos)
        pos += 16
        x1['topic_id'] = _uuid(x1['topic_id'])
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at ProduceRequest.topic_data[].partition_data")
        n3 -= 1
        if n3 > 1000000 or n3 * 6 > end - pos:
            raise _too_many(n3, end - pos, 'ProduceRequest.topic_data[].partition_data')
        x1['partition_data'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['index'], = _unpack_from_i(buf, pos)
            pos += 4
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                x3['records'] = None
            else:
                n5 -= 1
                e5 = pos + n5
                if e5 > end:
                    raise _truncated('ProduceRequest.topic_data[].partition_data[].records')
                x3['records'] = buf[pos:e5]
                pos = e5
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'ProduceRequest.topic_data[].partition_data[]')
            else:
                pos += 1
            a3.append(x3)
        x1['name'] = ''
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ProduceRequest.topic_data[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ProduceRequest')
    else:
        pos += 1
    return obj, pos


def _ProduceRequest_v13_encode(obj, w):
    # ProduceRequest v13: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_transactional_id = g0('transactional_id', None)
    v0_transactional_id_bytes = None if v0_transactional_id is None else v0_transactional_id.encode()
    if v0_transactional_id_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_transactional_id_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_transactional_id_bytes)
    v0_acks = g0('acks')
    if v0_acks is None:
        v0_acks = 0
    v0_timeout_ms = g0('timeout_ms')
    if v0_timeout_ms is None:
        v0_timeout_ms = 0
    v0_topic_data = g0('topic_data')
    if v0_topic_data is None:
        v0_topic_data = []
    w(_pack_hi(v0_acks, v0_timeout_ms))
    n0 = len(v0_topic_data) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_topic_data:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_ProduceRequest_v13_1
        w(v2_topic_id.bytes)
        v2_partition_data = g2('partition_data')
        if v2_partition_data is None:
            v2_partition_data = []
        n2 = len(v2_partition_data) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_partition_data:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_index = g4('index')
            if v4_index is None:
                v4_index = 0
            v4_records = g4('records', None)
            w(_pack_i(v4_index))
            if v4_records is None:
                w(b'\x00')
            else:
                n4 = len(v4_records) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_records)
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ProduceResponse_v0_decode(buf, pos):
    # ProduceResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at ProduceResponse.responses")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'ProduceResponse.responses')
    obj['responses'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at ProduceResponse.responses[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ProduceResponse.responses[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at ProduceResponse.responses[].partition_responses")
        if n1 > 1000000 or n1 * 14 > end - pos:
            raise _too_many(n1, end - pos, 'ProduceResponse.responses[].partition_responses')
        x0['partition_responses'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['index'], x1['error_code'], x1['base_offset'] = _unpack_from_ihq(buf, pos)
            pos += 14
            x1['log_append_time_ms'] = -1
            x1['log_start_offset'] = -1
            x1['record_errors'] = []
            x1['error_message'] = None
            x1['current_leader'] = Container(leader_id=-1, leader_epoch=-1)
            a1.append(x1)
        x0['topic_id'] = _D_ProduceResponse_v0_1
        a0.append(x0)
    obj['throttle_time_ms'] = 0
    obj['node_endpoints'] = []
    return obj, pos


def _ProduceResponse_v0_encode(obj, w):
    # ProduceResponse v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_responses = g0('responses')
    if v0_responses is None:
        v0_responses = []
    w(_pack_i(len(v0_responses)))
    for x0 in v0_responses:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partition_responses = g2('partition_responses')
        if v2_partition_responses is None:
            v2_partition_responses = []
        w(_pack_i(len(v2_partition_responses)))
        for x2 in v2_partition_responses:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_index = g4('index')
            if v4_index is None:
                v4_index = 0
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_base_offset = g4('base_offset')
            if v4_base_offset is None:
                v4_base_offset = 0
            w(_pack_ihq(v4_index, v4_error_code, v4_base_offset))


def _ProduceResponse_v1_decode(buf, pos):
    # ProduceResponse v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at ProduceResponse.responses")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'ProduceResponse.responses')
    obj['responses'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at ProduceResponse.responses[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ProduceResponse.responses[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at ProduceResponse.responses[].partition_responses")
        if n1 > 1000000 or n1 * 14 > end - pos:
            raise _too_many(n1, end - pos, 'ProduceResponse.responses[].partition_responses')
        x0['partition_responses'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['index'], x1['error_code'], x1['base_offset'] = _unpack_from_ihq(buf, pos)
            pos += 14
            x1['log_append_time_ms'] = -1
            x1['log_start_offset'] = -1
            x1['record_errors'] = []
            x1['error_message'] = None
            x1['current_leader'] = Container(leader_id=-1, leader_epoch=-1)
            a1.append(x1)
        x0['topic_id'] = _D_ProduceResponse_v1_1
        a0.append(x0)
    obj['throttle_time_ms'], = _unpack_from_i(buf, pos)
    pos += 4
    obj['node_endpoints'] = []
    return obj, pos


def _ProduceResponse_v1_encode(obj, w):
    # ProduceResponse v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_responses = g0('responses')
    if v0_responses is None:
        v0_responses = []
    w(_pack_i(len(v0_responses)))
    for x0 in v0_responses:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partition_responses = g2('partition_responses')
        if v2_partition_responses is None:
            v2_partition_responses = []
        w(_pack_i(len(v2_partition_responses)))
        for x2 in v2_partition_responses:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_index = g4('index')
            if v4_index is None:
                v4_index = 0
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_base_offset = g4('base_offset')
            if v4_base_offset is None:
                v4_base_offset = 0
            w(_pack_ihq(v4_index, v4_error_code, v4_base_offset))
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    w(_pack_i(v0_throttle_time_ms))


def _ProduceResponse_v2_decode(buf, pos):
    # ProduceResponse v2: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at ProduceResponse.responses")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'ProduceResponse.responses')
    obj['responses'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at ProduceResponse.responses[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ProduceResponse.responses[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at ProduceResponse.responses[].partition_responses")
        if n1 > 1000000 or n1 * 22 > end - pos:
            raise _too_many(n1, end - pos, 'ProduceResponse.responses[].partition_responses')
        x0['partition_responses'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['index'], x1['error_code'], x1['base_offset'], x1['log_append_time_ms'] = _unpack_from_ihqq(buf, pos)
            pos += 22
            x1['log_start_offset'] = -1
            x1['record_errors'] = []
            x1['error_message'] = None
            x1['current_leader'] = Container(leader_id=-1, leader_epoch=-1)
            a1.append(x1)
        x0['topic_id'] = _D_ProduceResponse_v2_1
        a0.append(x0)
    obj['throttle_time_ms'], = _unpack_from_i(buf, pos)
    pos += 4
    obj['node_endpoints'] = []
    return obj, pos


def _ProduceResponse_v2_encode(obj, w):
    # ProduceResponse v2: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_responses = g0('responses')
    if v0_responses is None:
        v0_responses = []
    w(_pack_i(len(v0_responses)))
    for x0 in v0_responses:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partition_responses = g2('partition_responses')
        if v2_partition_responses is None:
            v2_partition_responses = []
        w(_pack_i(len(v2_partition_responses)))
        for x2 in v2_partition_responses:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_index = g4('index')
            if v4_index is None:
                v4_index = 0
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_base_offset = g4('base_offset')
            if v4_base_offset is None:
                v4_base_offset = 0
            v4_log_append_time_ms = g4('log_append_time_ms')
            if v4_log_append_time_ms is None:
                v4_log_append_time_ms = -1
            w(_pack_ihqq(v4_index, v4_error_code, v4_base_offset, v4_log_append_time_ms))
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    w(_pack_i(v0_throttle_time_ms))


def _ProduceResponse_v5_decode(buf, pos):
    # ProduceResponse v5: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at ProduceResponse.responses")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'ProduceResponse.responses')
    obj['responses'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at ProduceResponse.responses[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ProduceResponse.responses[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at ProduceResponse.responses[].partition_responses")
        if n1 > 1000000 or n1 * 30 > end - pos:
            raise _too_many(n1, end - pos, 'ProduceResponse.responses[].partition_responses')
        x0['partition_responses'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['index'], x1['error_code'], x1['base_offset'], x1['log_append_time_ms'], x1['log_start_offset'] = _unpack_from_ihqqq(buf, pos)
            pos += 30
            x1['record_errors'] = []
            x1['error_message'] = None
            x1['current_leader'] = Container(leader_id=-1, leader_epoch=-1)
            a1.append(x1)
        x0['topic_id'] = _D_ProduceResponse_v5_1
        a0.append(x0)
    obj['throttle_time_ms'], = _unpack_from_i(buf, pos)
    pos += 4
    obj['node_endpoints'] = []
    return obj, pos


def _ProduceResponse_v5_encode(obj, w):
    # ProduceResponse v5: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_responses = g0('responses')
    if v0_responses is None:
        v0_responses = []
    w(_pack_i(len(v0_responses)))
    for x0 in v0_responses:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partition_responses = g2('partition_responses')
        if v2_partition_responses is None:
            v2_partition_responses = []
        w(_pack_i(len(v2_partition_responses)))
        for x2 in v2_partition_responses:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_index = g4('index')
            if v4_index is None:
                v4_index = 0
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_base_offset = g4('base_offset')
            if v4_base_offset is None:
                v4_base_offset = 0
            v4_log_append_time_ms = g4('log_append_time_ms')
            if v4_log_append_time_ms is None:
                v4_log_append_time_ms = -1
            v4_log_start_offset = g4('log_start_offset')
            if v4_log_start_offset is None:
                v4_log_start_offset = -1
            w(_pack_ihqqq(v4_index, v4_error_code, v4_base_offset, v4_log_append_time_ms, v4_log_start_offset))
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    w(_pack_i(v0_throttle_time_ms))


def _ProduceResponse_v8_decode(buf, pos):
    # ProduceResponse v8: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at ProduceResponse.responses")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'ProduceResponse.responses')
    obj['responses'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at ProduceResponse.responses[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ProduceResponse.responses[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at ProduceResponse.responses[].partition_responses")
        if n1 > 1000000 or n1 * 36 > end - pos:
            raise _too_many(n1, end - pos, 'ProduceResponse.responses[].partition_responses')
        x0['partition_responses'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['index'], x1['error_code'], x1['base_offset'], x1['log_append_time_ms'], x1['log_start_offset'], n2 = _unpack_from_ihqqqi(buf, pos)
            pos += 34
            if n2 < 0:
                raise _Err("null in non-nullable array at ProduceResponse.responses[].partition_responses[].record_errors")
            if n2 > 1000000 or n2 * 6 > end - pos:
                raise _too_many(n2, end - pos, 'ProduceResponse.responses[].partition_responses[].record_errors')
            x1['record_errors'] = a2 = []
            for _ in range(n2):
                x2 = Container()
                x2['batch_index'], n3 = _unpack_from_ih(buf, pos)
                pos += 6
                if n3 < 0:
                    x2['batch_index_error_message'] = None
                else:
                    e3 = pos + n3
                    if e3 > end:
                        raise _truncated('ProduceResponse.responses[].partition_responses[].record_errors[].batch_index_error_message')
                    x2['batch_index_error_message'] = buf[pos:e3].decode()
                    pos = e3
                a2.append(x2)
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                x1['error_message'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('ProduceResponse.responses[].partition_responses[].error_message')
                x1['error_message'] = buf[pos:e2].decode()
                pos = e2
            x1['current_leader'] = Container(leader_id=-1, leader_epoch=-1)
            a1.append(x1)
        x0['topic_id'] = _D_ProduceResponse_v8_1
        a0.append(x0)
    obj['throttle_time_ms'], = _unpack_from_i(buf, pos)
    pos += 4
    obj['node_endpoints'] = []
    return obj, pos


def _ProduceResponse_v8_encode(obj, w):
    # ProduceResponse v8: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_responses = g0('responses')
    if v0_responses is None:
        v0_responses = []
    w(_pack_i(len(v0_responses)))
    for x0 in v0_responses:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partition_responses = g2('partition_responses')
        if v2_partition_responses is None:
            v2_partition_responses = []
        w(_pack_i(len(v2_partition_responses)))
        for x2 in v2_partition_responses:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_index = g4('index')
            if v4_index is None:
                v4_index = 0
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_base_offset = g4('base_offset')
            if v4_base_offset is None:
                v4_base_offset = 0
            v4_log_append_time_ms = g4('log_append_time_ms')
            if v4_log_append_time_ms is None:
                v4_log_append_time_ms = -1
            v4_log_start_offset = g4('log_start_offset')
            if v4_log_start_offset is None:
                v4_log_start_offset = -1
            v4_record_errors = g4('record_errors')
            if v4_record_errors is None:
                v4_record_errors = []
            w(_pack_ihqqqi(v4_index, v4_error_code, v4_base_offset, v4_log_append_time_ms, v4_log_start_offset, len(v4_record_errors)))
            for x4 in v4_record_errors:
                g6 = x4.get if isinstance(x4, dict) else _getter(x4)
                v6_batch_index = g6('batch_index')
                if v6_batch_index is None:
                    v6_batch_index = 0
                v6_batch_index_error_message = g6('batch_index_error_message', None)
                v6_batch_index_error_message_bytes = None if v6_batch_index_error_message is None else v6_batch_index_error_message.encode()
                w(_pack_ih(v6_batch_index, -1 if v6_batch_index_error_message_bytes is None else len(v6_batch_index_error_message_bytes)))
                if v6_batch_index_error_message_bytes is not None:
                    w(v6_batch_index_error_message_bytes)
            v4_error_message = g4('error_message', None)
            v4_error_message_bytes = None if v4_error_message is None else v4_error_message.encode()
            w(_pack_h(-1 if v4_error_message_bytes is None else len(v4_error_message_bytes)))
            if v4_error_message_bytes is not None:
                w(v4_error_message_bytes)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    w(_pack_i(v0_throttle_time_ms))


def _ProduceResponse_v9_decode(buf, pos):
    # ProduceResponse v9: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ProduceResponse.responses")
    n1 -= 1
    if n1 > 1000000 or n1 * 3 > end - pos:
        raise _too_many(n1, end - pos, 'ProduceResponse.responses')
    obj['responses'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ProduceResponse.responses[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ProduceResponse.responses[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at ProduceResponse.responses[].partition_responses")
        n3 -= 1
        if n3 > 1000000 or n3 * 33 > end - pos:
            raise _too_many(n3, end - pos, 'ProduceResponse.responses[].partition_responses')
        x1['partition_responses'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['index'], x3['error_code'], x3['base_offset'], x3['log_append_time_ms'], x3['log_start_offset'] = _unpack_from_ihqqq(buf, pos)
            pos += 30
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at ProduceResponse.responses[].partition_responses[].record_errors")
            n5 -= 1
            if n5 > 1000000 or n5 * 6 > end - pos:
                raise _too_many(n5, end - pos, 'ProduceResponse.responses[].partition_responses[].record_errors')
            x3['record_errors'] = a5 = []
            for _ in range(n5):
                x5 = Container()
                x5['batch_index'], = _unpack_from_i(buf, pos)
                pos += 4
                n7 = buf[pos]
                if n7 > 127:
                    n7, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n7:
                    x5['batch_index_error_message'] = None
                else:
                    n7 -= 1
                    e7 = pos + n7
                    if e7 > end:
                        raise _truncated('ProduceResponse.responses[].partition_responses[].record_errors[].batch_index_error_message')
                    x5['batch_index_error_message'] = buf[pos:e7].decode()
                    pos = e7
                if buf[pos]:  # tagged fields
                    pos = _read_tags(buf, pos, x5, _NO_TAGS, 'ProduceResponse.responses[].partition_responses[].record_errors[]')
                else:
                    pos += 1
                a5.append(x5)
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                x3['error_message'] = None
            else:
                n5 -= 1
                e5 = pos + n5
                if e5 > end:
                    raise _truncated('ProduceResponse.responses[].partition_responses[].error_message')
                x3['error_message'] = buf[pos:e5].decode()
                pos = e5
            x3['current_leader'] = Container(leader_id=-1, leader_epoch=-1)
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'ProduceResponse.responses[].partition_responses[]')
            else:
                pos += 1
            a3.append(x3)
        x1['topic_id'] = _D_ProduceResponse_v9_1
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ProduceResponse.responses[]')
        else:
            pos += 1
        a1.append(x1)
    obj['throttle_time_ms'], = _unpack_from_i(buf, pos)
    pos += 4
    obj['node_endpoints'] = []
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ProduceResponse')
    else:
        pos += 1
    return obj, pos


def _ProduceResponse_v9_encode(obj, w):
    # ProduceResponse v9: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_responses = g0('responses')
    if v0_responses is None:
        v0_responses = []
    n0 = len(v0_responses) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_responses:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        n2 = len(v2_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_name_bytes)
        v2_partition_responses = g2('partition_responses')
        if v2_partition_responses is None:
            v2_partition_responses = []
        n2 = len(v2_partition_responses) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_partition_responses:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_index = g4('index')
            if v4_index is None:
                v4_index = 0
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_base_offset = g4('base_offset')
            if v4_base_offset is None:
                v4_base_offset = 0
            v4_log_append_time_ms = g4('log_append_time_ms')
            if v4_log_append_time_ms is None:
                v4_log_append_time_ms = -1
            v4_log_start_offset = g4('log_start_offset')
            if v4_log_start_offset is None:
                v4_log_start_offset = -1
            v4_record_errors = g4('record_errors')
            if v4_record_errors is None:
                v4_record_errors = []
            w(_pack_ihqqq(v4_index, v4_error_code, v4_base_offset, v4_log_append_time_ms, v4_log_start_offset))
            n4 = len(v4_record_errors) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            for x4 in v4_record_errors:
                g6 = x4.get if isinstance(x4, dict) else _getter(x4)
                v6_batch_index = g6('batch_index')
                if v6_batch_index is None:
                    v6_batch_index = 0
                v6_batch_index_error_message = g6('batch_index_error_message', None)
                v6_batch_index_error_message_bytes = None if v6_batch_index_error_message is None else v6_batch_index_error_message.encode()
                w(_pack_i(v6_batch_index))
                if v6_batch_index_error_message_bytes is None:
                    w(b'\x00')
                else:
                    n6 = len(v6_batch_index_error_message_bytes) + 1
                    w(_UV[n6] if n6 < 128 else _uv(n6))
                    w(v6_batch_index_error_message_bytes)
                u6 = g6('_unknown_tags', None)
                if u6:
                    _write_tags(w, sorted(u6.items()))
                else:
                    w(b'\x00')  # no tagged fields
            v4_error_message = g4('error_message', None)
            v4_error_message_bytes = None if v4_error_message is None else v4_error_message.encode()
            if v4_error_message_bytes is None:
                w(b'\x00')
            else:
                n4 = len(v4_error_message_bytes) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_error_message_bytes)
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    w(_pack_i(v0_throttle_time_ms))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ProduceResponse_v10_decode(buf, pos):
    # ProduceResponse v10: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ProduceResponse.responses")
    n1 -= 1
    if n1 > 1000000 or n1 * 3 > end - pos:
        raise _too_many(n1, end - pos, 'ProduceResponse.responses')
    obj['responses'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ProduceResponse.responses[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ProduceResponse.responses[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at ProduceResponse.responses[].partition_responses")
        n3 -= 1
        if n3 > 1000000 or n3 * 33 > end - pos:
            raise _too_many(n3, end - pos, 'ProduceResponse.responses[].partition_responses')
        x1['partition_responses'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['index'], x3['error_code'], x3['base_offset'], x3['log_append_time_ms'], x3['log_start_offset'] = _unpack_from_ihqqq(buf, pos)
            pos += 30
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at ProduceResponse.responses[].partition_responses[].record_errors")
            n5 -= 1
            if n5 > 1000000 or n5 * 6 > end - pos:
                raise _too_many(n5, end - pos, 'ProduceResponse.responses[].partition_responses[].record_errors')
            x3['record_errors'] = a5 = []
            for _ in range(n5):
                x5 = Container()
                x5['batch_index'], = _unpack_from_i(buf, pos)
                pos += 4
                n7 = buf[pos]
                if n7 > 127:
                    n7, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n7:
                    x5['batch_index_error_message'] = None
                else:
                    n7 -= 1
                    e7 = pos + n7
                    if e7 > end:
                        raise _truncated('ProduceResponse.responses[].partition_responses[].record_errors[].batch_index_error_message')
                    x5['batch_index_error_message'] = buf[pos:e7].decode()
                    pos = e7
                if buf[pos]:  # tagged fields
                    pos = _read_tags(buf, pos, x5, _NO_TAGS, 'ProduceResponse.responses[].partition_responses[].record_errors[]')
                else:
                    pos += 1
                a5.append(x5)
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                x3['error_message'] = None
            else:
                n5 -= 1
                e5 = pos + n5
                if e5 > end:
                    raise _truncated('ProduceResponse.responses[].partition_responses[].error_message')
                x3['error_message'] = buf[pos:e5].decode()
                pos = e5
            x3['current_leader'] = Container(leader_id=-1, leader_epoch=-1)
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _TAGS_ProduceResponse_v10_2, 'ProduceResponse.responses[].partition_responses[]')
            else:
                pos += 1
            a3.append(x3)
        x1['topic_id'] = _D_ProduceResponse_v10_3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ProduceResponse.responses[]')
        else:
            pos += 1
        a1.append(x1)
    obj['throttle_time_ms'], = _unpack_from_i(buf, pos)
    pos += 4
    obj['node_endpoints'] = []
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _TAGS_ProduceResponse_v10_5, 'ProduceResponse')
    else:
        pos += 1
    return obj, pos


def _decode_tag_current_leader__ProduceResponse_v10_1(buf):
    # tagged field 0 of ProduceResponse.responses[].partition_responses[], read from its own bytes
    end = len(buf)
    pos = 0
    value = Container()
    value['leader_id'], value['leader_epoch'] = _unpack_from_ii(buf, pos)
    pos += 8
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, value, _NO_TAGS, 'ProduceResponse.responses[].partition_responses[].current_leader')
    else:
        pos += 1
    return value


def _decode_tag_node_endpoints__ProduceResponse_v10_4(buf):
    # tagged field 0 of ProduceResponse, read from its own bytes
    end = len(buf)
    pos = 0
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ProduceResponse.node_endpoints")
    n1 -= 1
    if n1 > 1000000 or n1 * 11 > end - pos:
        raise _too_many(n1, end - pos, 'ProduceResponse.node_endpoints')
    value = []
    for _ in range(n1):
        x1 = Container()
        x1['node_id'], = _unpack_from_i(buf, pos)
        pos += 4
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ProduceResponse.node_endpoints[].host")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ProduceResponse.node_endpoints[].host')
        x1['host'] = buf[pos:e3].decode()
        pos = e3
        x1['port'], = _unpack_from_i(buf, pos)
        pos += 4
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            x1['rack'] = None
        else:
            n3 -= 1
            e3 = pos + n3
            if e3 > end:
                raise _truncated('ProduceResponse.node_endpoints[].rack')
            x1['rack'] = buf[pos:e3].decode()
            pos = e3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ProduceResponse.node_endpoints[]')
        else:
            pos += 1
        value.append(x1)
    return value


def _ProduceResponse_v10_encode(obj, w):
    # ProduceResponse v10: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_responses = g0('responses')
    if v0_responses is None:
        v0_responses = []
    n0 = len(v0_responses) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_responses:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        n2 = len(v2_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_name_bytes)
        v2_partition_responses = g2('partition_responses')
        if v2_partition_responses is None:
            v2_partition_responses = []
        n2 = len(v2_partition_responses) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_partition_responses:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_index = g4('index')
            if v4_index is None:
                v4_index = 0
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_base_offset = g4('base_offset')
            if v4_base_offset is None:
                v4_base_offset = 0
            v4_log_append_time_ms = g4('log_append_time_ms')
            if v4_log_append_time_ms is None:
                v4_log_append_time_ms = -1
            v4_log_start_offset = g4('log_start_offset')
            if v4_log_start_offset is None:
                v4_log_start_offset = -1
            v4_record_errors = g4('record_errors')
            if v4_record_errors is None:
                v4_record_errors = []
            w(_pack_ihqqq(v4_index, v4_error_code, v4_base_offset, v4_log_append_time_ms, v4_log_start_offset))
            n4 = len(v4_record_errors) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            for x4 in v4_record_errors:
                g6 = x4.get if isinstance(x4, dict) else _getter(x4)
                v6_batch_index = g6('batch_index')
                if v6_batch_index is None:
                    v6_batch_index = 0
                v6_batch_index_error_message = g6('batch_index_error_message', None)
                v6_batch_index_error_message_bytes = None if v6_batch_index_error_message is None else v6_batch_index_error_message.encode()
                w(_pack_i(v6_batch_index))
                if v6_batch_index_error_message_bytes is None:
                    w(b'\x00')
                else:
                    n6 = len(v6_batch_index_error_message_bytes) + 1
                    w(_UV[n6] if n6 < 128 else _uv(n6))
                    w(v6_batch_index_error_message_bytes)
                u6 = g6('_unknown_tags', None)
                if u6:
                    _write_tags(w, sorted(u6.items()))
                else:
                    w(b'\x00')  # no tagged fields
            v4_error_message = g4('error_message', None)
            v4_error_message_bytes = None if v4_error_message is None else v4_error_message.encode()
            if v4_error_message_bytes is None:
                w(b'\x00')
            else:
                n4 = len(v4_error_message_bytes) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_error_message_bytes)
            t4 = []
            u4 = g4('current_leader', _D_ProduceResponse_v10_6)
            if not u4 == _D_ProduceResponse_v10_6:  # tagged fields at their default are not written
                t4.append((0, _encode_tag_current_leader__ProduceResponse_v10_7(u4)))
            u4 = g4('_unknown_tags', None)
            if u4:
                t4.extend(u4.items())
                t4.sort()
            if t4:
                _write_tags(w, t4)
            else:
                w(b'\x00')
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    w(_pack_i(v0_throttle_time_ms))
    t0 = []
    u0 = g0('node_endpoints', [])
    if not u0 == []:  # tagged fields at their default are not written
        t0.append((0, _encode_tag_node_endpoints__ProduceResponse_v10_8(u0)))
    u0 = g0('_unknown_tags', None)
    if u0:
        t0.extend(u0.items())
        t0.sort()
    if t0:
        _write_tags(w, t0)
    else:
        w(b'\x00')


def _encode_tag_current_leader__ProduceResponse_v10_7(value):
    # tagged field 0 at ProduceResponse.responses[].partition_responses[].current_leader, as its own bytes
    out = []
    w = out.append
    g2 = value.get if isinstance(value, dict) else _getter(value)
    v2_leader_id = g2('leader_id')
    if v2_leader_id is None:
        v2_leader_id = -1
    v2_leader_epoch = g2('leader_epoch')
    if v2_leader_epoch is None:
        v2_leader_epoch = -1
    w(_pack_ii(v2_leader_id, v2_leader_epoch))
    u2 = g2('_unknown_tags', None)
    if u2:
        _write_tags(w, sorted(u2.items()))
    else:
        w(b'\x00')  # no tagged fields
    return b''.join(out)


def _encode_tag_node_endpoints__ProduceResponse_v10_8(value):
    # tagged field 0 at ProduceResponse.node_endpoints, as its own bytes
    out = []
    w = out.append
    if value is None:
        raise _null_build('array', 'ProduceResponse.node_endpoints')
    n1 = len(value) + 1
    w(_UV[n1] if n1 < 128 else _uv(n1))
    for x1 in value:
        g3 = x1.get if isinstance(x1, dict) else _getter(x1)
        v3_node_id = g3('node_id')
        if v3_node_id is None:
            v3_node_id = 0
        v3_host = g3('host')
        if v3_host is None:
            v3_host = ''
        v3_host_bytes = v3_host.encode()
        w(_pack_i(v3_node_id))
        n3 = len(v3_host_bytes) + 1
        w(_UV[n3] if n3 < 128 else _uv(n3))
        w(v3_host_bytes)
        v3_port = g3('port')
        if v3_port is None:
            v3_port = 0
        v3_rack = g3('rack', None)
        v3_rack_bytes = None if v3_rack is None else v3_rack.encode()
        w(_pack_i(v3_port))
        if v3_rack_bytes is None:
            w(b'\x00')
        else:
            n3 = len(v3_rack_bytes) + 1
            w(_UV[n3] if n3 < 128 else _uv(n3))
            w(v3_rack_bytes)
        u3 = g3('_unknown_tags', None)
        if u3:
            _write_tags(w, sorted(u3.items()))
        else:
            w(b'\x00')  # no tagged fields
    return b''.join(out)


def _ProduceResponse_v13_decode(buf, pos):
    # ProduceResponse v13: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ProduceResponse.responses")
    n1 -= 1
    if n1 > 1000000 or n1 * 18 > end - pos:
        raise _too_many(n1, end - pos, 'ProduceResponse.responses')
    obj['responses'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['topic_id'], = _unpack_from_16s(buf, pos)
        pos += 16
        x1['topic_id'] = _uuid(x1['topic_id'])
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at ProduceResponse.responses[].partition_responses")
        n3 -= 1
        if n3 > 1000000 or n3 * 33 > end - pos:
            raise _too_many(n3, end - pos, 'ProduceResponse.responses[].partition_responses')
        x1['partition_responses'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['index'], x3['error_code'], x3['base_offset'], x3['log_append_time_ms'], x3['log_start_offset'] = _unpack_from_ihqqq(buf, pos)
            pos += 30
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at ProduceResponse.responses[].partition_responses[].record_errors")
            n5 -= 1
            if n5 > 1000000 or n5 * 6 > end - pos:
                raise _too_many(n5, end - pos, 'ProduceResponse.responses[].partition_responses[].record_errors')
            x3['record_errors'] = a5 = []
            for _ in range(n5):
                x5 = Container()
                x5['batch_index'], = _unpack_from_i(buf, pos)
                pos += 4
                n7 = buf[pos]
                if n7 > 127:
                    n7, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n7:
                    x5['batch_index_error_message'] = None
                else:
                    n7 -= 1
                    e7 = pos + n7
                    if e7 > end:
                        raise _truncated('ProduceResponse.responses[].partition_responses[].record_errors[].batch_index_error_message')
                    x5['batch_index_error_message'] = buf[pos:e7].decode()
                    pos = e7
                if buf[pos]:  # tagged fields
                    pos = _read_tags(buf, pos, x5, _NO_TAGS, 'ProduceResponse.responses[].partition_responses[].record_errors[]')
                else:
                    pos += 1
                a5.append(x5)
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                x3['error_message'] = None
            else:
                n5 -= 1
                e5 = pos + n5
                if e5 > end:
                    raise _truncated('ProduceResponse.responses[].partition_responses[].error_message')
                x3['error_message'] = buf[pos:e5].decode()
                pos = e5
            x3['current_leader'] = Container(leader_id=-1, leader_epoch=-1)
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _TAGS_ProduceResponse_v13_2, 'ProduceResponse.responses[].partition_responses[]')
            else:
                pos += 1
            a3.append(x3)
        x1['name'] = ''
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ProduceResponse.responses[]')
        else:
            pos += 1
        a1.append(x1)
    obj['throttle_time_ms'], = _unpack_from_i(buf, pos)
    pos += 4
    obj['node_endpoints'] = []
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _TAGS_ProduceResponse_v13_4, 'ProduceResponse')
    else:
        pos += 1
    return obj, pos


def _decode_tag_current_leader__ProduceResponse_v13_1(buf):
    # tagged field 0 of ProduceResponse.responses[].partition_responses[], read from its own bytes
    end = len(buf)
    pos = 0
    value = Container()
    value['leader_id'], value['leader_epoch'] = _unpack_from_ii(buf, pos)
    pos += 8
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, value, _NO_TAGS, 'ProduceResponse.responses[].partition_responses[].current_leader')
    else:
        pos += 1
    return value


def _decode_tag_node_endpoints__ProduceResponse_v13_3(buf):
    # tagged field 0 of ProduceResponse, read from its own bytes
    end = len(buf)
    pos = 0
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ProduceResponse.node_endpoints")
    n1 -= 1
    if n1 > 1000000 or n1 * 11 > end - pos:
        raise _too_many(n1, end - pos, 'ProduceResponse.node_endpoints')
    value = []
    for _ in range(n1):
        x1 = Container()
        x1['node_id'], = _unpack_from_i(buf, pos)
        pos += 4
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ProduceResponse.node_endpoints[].host")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ProduceResponse.node_endpoints[].host')
        x1['host'] = buf[pos:e3].decode()
        pos = e3
        x1['port'], = _unpack_from_i(buf, pos)
        pos += 4
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            x1['rack'] = None
        else:
            n3 -= 1
            e3 = pos + n3
            if e3 > end:
                raise _truncated('ProduceResponse.node_endpoints[].rack')
            x1['rack'] = buf[pos:e3].decode()
            pos = e3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ProduceResponse.node_endpoints[]')
        else:
            pos += 1
        value.append(x1)
    return value


def _ProduceResponse_v13_encode(obj, w):
    # ProduceResponse v13: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_responses = g0('responses')
    if v0_responses is None:
        v0_responses = []
    n0 = len(v0_responses) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_responses:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_ProduceResponse_v13_5
        w(v2_topic_id.bytes)
        v2_partition_responses = g2('partition_responses')
        if v2_partition_responses is None:
            v2_partition_responses = []
        n2 = len(v2_partition_responses) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_partition_responses:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_index = g4('index')
            if v4_index is None:
                v4_index = 0
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_base_offset = g4('base_offset')
            if v4_base_offset is None:
                v4_base_offset = 0
            v4_log_append_time_ms = g4('log_append_time_ms')
            if v4_log_append_time_ms is None:
                v4_log_append_time_ms = -1
            v4_log_start_offset = g4('log_start_offset')
            if v4_log_start_offset is None:
                v4_log_start_offset = -1
            v4_record_errors = g4('record_errors')
            if v4_record_errors is None:
                v4_record_errors = []
            w(_pack_ihqqq(v4_index, v4_error_code, v4_base_offset, v4_log_append_time_ms, v4_log_start_offset))
            n4 = len(v4_record_errors) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            for x4 in v4_record_errors:
                g6 = x4.get if isinstance(x4, dict) else _getter(x4)
                v6_batch_index = g6('batch_index')
                if v6_batch_index is None:
                    v6_batch_index = 0
                v6_batch_index_error_message = g6('batch_index_error_message', None)
                v6_batch_index_error_message_bytes = None if v6_batch_index_error_message is None else v6_batch_index_error_message.encode()
                w(_pack_i(v6_batch_index))
                if v6_batch_index_error_message_bytes is None:
                    w(b'\x00')
                else:
                    n6 = len(v6_batch_index_error_message_bytes) + 1
                    w(_UV[n6] if n6 < 128 else _uv(n6))
                    w(v6_batch_index_error_message_bytes)
                u6 = g6('_unknown_tags', None)
                if u6:
                    _write_tags(w, sorted(u6.items()))
                else:
                    w(b'\x00')  # no tagged fields
            v4_error_message = g4('error_message', None)
            v4_error_message_bytes = None if v4_error_message is None else v4_error_message.encode()
            if v4_error_message_bytes is None:
                w(b'\x00')
            else:
                n4 = len(v4_error_message_bytes) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_error_message_bytes)
            t4 = []
            u4 = g4('current_leader', _D_ProduceResponse_v13_6)
            if not u4 == _D_ProduceResponse_v13_6:  # tagged fields at their default are not written
                t4.append((0, _encode_tag_current_leader__ProduceResponse_v13_7(u4)))
            u4 = g4('_unknown_tags', None)
            if u4:
                t4.extend(u4.items())
                t4.sort()
            if t4:
                _write_tags(w, t4)
            else:
                w(b'\x00')
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    w(_pack_i(v0_throttle_time_ms))
    t0 = []
    u0 = g0('node_endpoints', [])
    if not u0 == []:  # tagged fields at their default are not written
        t0.append((0, _encode_tag_node_endpoints__ProduceResponse_v13_8(u0)))
    u0 = g0('_unknown_tags', None)
    if u0:
        t0.extend(u0.items())
        t0.sort()
    if t0:
        _write_tags(w, t0)
    else:
        w(b'\x00')


def _encode_tag_current_leader__ProduceResponse_v13_7(value):
    # tagged field 0 at ProduceResponse.responses[].partition_responses[].current_leader, as its own bytes
    out = []
    w = out.append
    g2 = value.get if isinstance(value, dict) else _getter(value)
    v2_leader_id = g2('leader_id')
    if v2_leader_id is None:
        v2_leader_id = -1
    v2_leader_epoch = g2('leader_epoch')
    if v2_leader_epoch is None:
        v2_leader_epoch = -1
    w(_pack_ii(v2_leader_id, v2_leader_epoch))
    u2 = g2('_unknown_tags', None)
    if u2:
        _write_tags(w, sorted(u2.items()))
    else:
        w(b'\x00')  # no tagged fields
    return b''.join(out)


def _encode_tag_node_endpoints__ProduceResponse_v13_8(value):
    # tagged field 0 at ProduceResponse.node_endpoints, as its own bytes
    out = []
    w = out.append
    if value is None:
        raise _null_build('array', 'ProduceResponse.node_endpoints')
    n1 = len(value) + 1
    w(_UV[n1] if n1 < 128 else _uv(n1))
    for x1 in value:
        g3 = x1.get if isinstance(x1, dict) else _getter(x1)
        v3_node_id = g3('node_id')
        if v3_node_id is None:
            v3_node_id = 0
        v3_host = g3('host')
        if v3_host is None:
            v3_host = ''
        v3_host_bytes = v3_host.encode()
        w(_pack_i(v3_node_id))
        n3 = len(v3_host_bytes) + 1
        w(_UV[n3] if n3 < 128 else _uv(n3))
        w(v3_host_bytes)
        v3_port = g3('port')
        if v3_port is None:
            v3_port = 0
        v3_rack = g3('rack', None)
        v3_rack_bytes = None if v3_rack is None else v3_rack.encode()
        w(_pack_i(v3_port))
        if v3_rack_bytes is None:
            w(b'\x00')
        else:
            n3 = len(v3_rack_bytes) + 1
            w(_UV[n3] if n3 < 128 else _uv(n3))
            w(v3_rack_bytes)
        u3 = g3('_unknown_tags', None)
        if u3:
            _write_tags(w, sorted(u3.items()))
        else:
            w(b'\x00')  # no tagged fields
    return b''.join(out)


def _FetchRequest_v0_decode(buf, pos):
    # FetchRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['replica_id'], obj['max_wait_ms'], obj['min_bytes'], n0 = _unpack_from_iiii(buf, pos)
    pos += 16
    if n0 < 0:
        raise _Err("null in non-nullable array at FetchRequest.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'FetchRequest.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at FetchRequest.topics[].topic")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('FetchRequest.topics[].topic')
        x0['topic'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at FetchRequest.topics[].partitions")
        if n1 > 1000000 or n1 * 16 > end - pos:
            raise _too_many(n1, end - pos, 'FetchRequest.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition'], x1['fetch_offset'], x1['partition_max_bytes'] = _unpack_from_iqi(buf, pos)
            pos += 16
            x1['current_leader_epoch'] = -1
            x1['last_fetched_epoch'] = -1
            x1['log_start_offset'] = -1
            x1['replica_directory_id'] = _D_FetchRequest_v0_1
            x1['high_watermark'] = 9223372036854775807
            a1.append(x1)
        x0['topic_id'] = _D_FetchRequest_v0_1
        a0.append(x0)
    obj['cluster_id'] = None
    obj['replica_state'] = Container(replica_id=-1, replica_epoch=-1)
    obj['max_bytes'] = 2147483647
    obj['isolation_level'] = 0
    obj['session_id'] = 0
    obj['session_epoch'] = -1
    obj['forgotten_topics_data'] = []
    obj['rack_id'] = ''
    return obj, pos


def _FetchRequest_v0_encode(obj, w):
    # FetchRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_replica_id = g0('replica_id')
    if v0_replica_id is None:
        v0_replica_id = -1
    v0_max_wait_ms = g0('max_wait_ms')
    if v0_max_wait_ms is None:
        v0_max_wait_ms = 0
    v0_min_bytes = g0('min_bytes')
    if v0_min_bytes is None:
        v0_min_bytes = 0
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_iiii(v0_replica_id, v0_max_wait_ms, v0_min_bytes, len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic = g2('topic')
        if v2_topic is None:
            v2_topic = ''
        v2_topic_bytes = v2_topic.encode()
        w(_pack_h(len(v2_topic_bytes)))
        w(v2_topic_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition = g4('partition')
            if v4_partition is None:
                v4_partition = 0
            v4_fetch_offset = g4('fetch_offset')
            if v4_fetch_offset is None:
                v4_fetch_offset = 0
            v4_partition_max_bytes = g4('partition_max_bytes')
            if v4_partition_max_bytes is None:
                v4_partition_max_bytes = 0
            w(_pack_iqi(v4_partition, v4_fetch_offset, v4_partition_max_bytes))


def _FetchRequest_v3_decode(buf, pos):
    # FetchRequest v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['replica_id'], obj['max_wait_ms'], obj['min_bytes'], obj['max_bytes'], n0 = _unpack_from_iiiii(buf, pos)
    pos += 20
    if n0 < 0:
        raise _Err("null in non-nullable array at FetchRequest.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'FetchRequest.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at FetchRequest.topics[].topic")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('FetchRequest.topics[].topic')
        x0['topic'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at FetchRequest.topics[].partitions")
        if n1 > 1000000 or n1 * 16 > end - pos:
            raise _too_many(n1, end - pos, 'FetchRequest.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition'], x1['fetch_offset'], x1['partition_max_bytes'] = _unpack_from_iqi(buf, pos)
            pos += 16
            x1['current_leader_epoch'] = -1
            x1['last_fetched_epoch'] = -1
            x1['log_start_offset'] = -1
            x1['replica_directory_id'] = _D_FetchRequest_v3_1
            x1['high_watermark'] = 9223372036854775807
            a1.append(x1)
        x0['topic_id'] = _D_FetchRequest_v3_1
        a0.append(x0)
    obj['cluster_id'] = None
    obj['replica_state'] = Container(replica_id=-1, replica_epoch=-1)
    obj['isolation_level'] = 0
    obj['session_id'] = 0
    obj['session_epoch'] = -1
    obj['forgotten_topics_data'] = []
    obj['rack_id'] = ''
    return obj, pos


def _FetchRequest_v3_encode(obj, w):
    # FetchRequest v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_replica_id = g0('replica_id')
    if v0_replica_id is None:
        v0_replica_id = -1
    v0_max_wait_ms = g0('max_wait_ms')
    if v0_max_wait_ms is None:
        v0_max_wait_ms = 0
    v0_min_bytes = g0('min_bytes')
    if v0_min_bytes is None:
        v0_min_bytes = 0
    v0_max_bytes = g0('max_bytes')
    if v0_max_bytes is None:
        v0_max_bytes = 2147483647
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_iiiii(v0_replica_id, v0_max_wait_ms, v0_min_bytes, v0_max_bytes, len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic = g2('topic')
        if v2_topic is None:
            v2_topic = ''
        v2_topic_bytes = v2_topic.encode()
        w(_pack_h(len(v2_topic_bytes)))
        w(v2_topic_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition = g4('partition')
            if v4_partition is None:
                v4_partition = 0
            v4_fetch_offset = g4('fetch_offset')
            if v4_fetch_offset is None:
                v4_fetch_offset = 0
            v4_partition_max_bytes = g4('partition_max_bytes')
            if v4_partition_max_bytes is None:
                v4_partition_max_bytes = 0
            w(_pack_iqi(v4_partition, v4_fetch_offset, v4_partition_max_bytes))


def _FetchRequest_v4_decode(buf, pos):
    # FetchRequest v4: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['replica_id'], obj['max_wait_ms'], obj['min_bytes'], obj['max_bytes'], obj['isolation_level'], n0 = _unpack_from_iiiibi(buf, pos)
    pos += 21
    if n0 < 0:
        raise _Err("null in non-nullable array at FetchRequest.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'FetchRequest.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at FetchRequest.topics[].topic")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('FetchRequest.topics[].topic')
        x0['topic'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at FetchRequest.topics[].partitions")
        if n1 > 1000000 or n1 * 16 > end - pos:
            raise _too_many(n1, end - pos, 'FetchRequest.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition'], x1['fetch_offset'], x1['partition_max_bytes'] = _unpack_from_iqi(buf, pos)
            pos += 16
            x1['current_leader_epoch'] = -1
            x1['last_fetched_epoch'] = -1
            x1['log_start_offset'] = -1
            x1['replica_directory_id'] = _D_FetchRequest_v4_1
            x1['high_watermark'] = 9223372036854775807
            a1.append(x1)
        x0['topic_id'] = _D_FetchRequest_v4_1
        a0.append(x0)
    obj['cluster_id'] = None
    obj['replica_state'] = Container(replica_id=-1, replica_epoch=-1)
    obj['session_id'] = 0
    obj['session_epoch'] = -1
    obj['forgotten_topics_data'] = []
    obj['rack_id'] = ''
    return obj, pos


def _FetchRequest_v4_encode(obj, w):
    # FetchRequest v4: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_replica_id = g0('replica_id')
    if v0_replica_id is None:
        v0_replica_id = -1
    v0_max_wait_ms = g0('max_wait_ms')
    if v0_max_wait_ms is None:
        v0_max_wait_ms = 0
    v0_min_bytes = g0('min_bytes')
    if v0_min_bytes is None:
        v0_min_bytes = 0
    v0_max_bytes = g0('max_bytes')
    if v0_max_bytes is None:
        v0_max_bytes = 2147483647
    v0_isolation_level = g0('isolation_level')
    if v0_isolation_level is None:
        v0_isolation_level = 0
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_iiiibi(v0_replica_id, v0_max_wait_ms, v0_min_bytes, v0_max_bytes, v0_isolation_level, len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic = g2('topic')
        if v2_topic is None:
            v2_topic = ''
        v2_topic_bytes = v2_topic.encode()
        w(_pack_h(len(v2_topic_bytes)))
        w(v2_topic_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition = g4('partition')
            if v4_partition is None:
                v4_partition = 0
            v4_fetch_offset = g4('fetch_offset')
            if v4_fetch_offset is None:
                v4_fetch_offset = 0
            v4_partition_max_bytes = g4('partition_max_bytes')
            if v4_partition_max_bytes is None:
                v4_partition_max_bytes = 0
            w(_pack_iqi(v4_partition, v4_fetch_offset, v4_partition_max_bytes))


def _FetchRequest_v5_decode(buf, pos):
    # FetchRequest v5: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['replica_id'], obj['max_wait_ms'], obj['min_bytes'], obj['max_bytes'], obj['isolation_level'], n0 = _unpack_from_iiiibi(buf, pos)
    pos += 21
    if n0 < 0:
        raise _Err("null in non-nullable array at FetchRequest.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'FetchRequest.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at FetchRequest.topics[].topic")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('FetchRequest.topics[].topic')
        x0['topic'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at FetchRequest.topics[].partitions")
        if n1 > 1000000 or n1 * 24 > end - pos:
            raise _too_many(n1, end - pos, 'FetchRequest.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition'], x1['fetch_offset'], x1['log_start_offset'], x1['partition_max_bytes'] = _unpack_from_iqqi(buf, pos)
            pos += 24
            x1['current_leader_epoch'] = -1
            x1['last_fetched_epoch'] = -1
            x1['replica_directory_id'] = _D_FetchRequest_v5_1
            x1['high_watermark'] = 9223372036854775807
            a1.append(x1)
        x0['topic_id'] = _D_FetchRequest_v5_1
        a0.append(x0)
    obj['cluster_id'] = None
    obj['replica_state'] = Container(replica_id=-1, replica_epoch=-1)
    obj['session_id'] = 0
    obj['session_epoch'] = -1
    obj['forgotten_topics_data'] = []
    obj['rack_id'] = ''
    return obj, pos


def _FetchRequest_v5_encode(obj, w):
    # FetchRequest v5: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_replica_id = g0('replica_id')
    if v0_replica_id is None:
        v0_replica_id = -1
    v0_max_wait_ms = g0('max_wait_ms')
    if v0_max_wait_ms is None:
        v0_max_wait_ms = 0
    v0_min_bytes = g0('min_bytes')
    if v0_min_bytes is None:
        v0_min_bytes = 0
    v0_max_bytes = g0('max_bytes')
    if v0_max_bytes is None:
        v0_max_bytes = 2147483647
    v0_isolation_level = g0('isolation_level')
    if v0_isolation_level is None:
        v0_isolation_level = 0
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_iiiibi(v0_replica_id, v0_max_wait_ms, v0_min_bytes, v0_max_bytes, v0_isolation_level, len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic = g2('topic')
        if v2_topic is None:
            v2_topic = ''
        v2_topic_bytes = v2_topic.encode()
        w(_pack_h(len(v2_topic_bytes)))
        w(v2_topic_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition = g4('partition')
            if v4_partition is None:
                v4_partition = 0
            v4_fetch_offset = g4('fetch_offset')
            if v4_fetch_offset is None:
                v4_fetch_offset = 0
            v4_log_start_offset = g4('log_start_offset')
            if v4_log_start_offset is None:
                v4_log_start_offset = -1
            v4_partition_max_bytes = g4('partition_max_bytes')
            if v4_partition_max_bytes is None:
                v4_partition_max_bytes = 0
            w(_pack_iqqi(v4_partition, v4_fetch_offset, v4_log_start_offset, v4_partition_max_bytes))


def _FetchRequest_v7_decode(buf, pos):
    # FetchRequest v7: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['replica_id'], obj['max_wait_ms'], obj['min_bytes'], obj['max_bytes'], obj['isolation_level'], obj['session_id'], obj['session_epoch'], n0 = _unpack_from_iiiibiii(buf, pos)
    pos += 29
    if n0 < 0:
        raise _Err("null in non-nullable array at FetchRequest.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'FetchRequest.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at FetchRequest.topics[].topic")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('FetchRequest.topics[].topic')
        x0['topic'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at FetchRequest.topics[].partitions")
        if n1 > 1000000 or n1 * 24 > end - pos:
            raise _too_many(n1, end - pos, 'FetchRequest.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition'], x1['fetch_offset'], x1['log_start_offset'], x1['partition_max_bytes'] = _unpack_from_iqqi(buf, pos)
            pos += 24
            x1['current_leader_epoch'] = -1
            x1['last_fetched_epoch'] = -1
            x1['replica_directory_id'] = _D_FetchRequest_v7_1
            x1['high_watermark'] = 9223372036854775807
            a1.append(x1)
        x0['topic_id'] = _D_FetchRequest_v7_1
        a0.append(x0)
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at FetchRequest.forgotten_topics_data")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'FetchRequest.forgotten_topics_data')
    obj['forgotten_topics_data'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at FetchRequest.forgotten_topics_data[].topic")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('FetchRequest.forgotten_topics_data[].topic')
        x0['topic'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at FetchRequest.forgotten_topics_data[].partitions")
        if n1 > 1000000 or n1 * 4 > end - pos:
            raise _too_many(n1, end - pos, 'FetchRequest.forgotten_topics_data[].partitions')
        x0['partitions'] = list(_unpack_from_i_arrays[n1](buf, pos) if n1 < 32 else _struct_unpack_from('>%di' % n1, buf, pos))
        pos += 4 * n1
        x0['topic_id'] = _D_FetchRequest_v7_1
        a0.append(x0)
    obj['cluster_id'] = None
    obj['replica_state'] = Container(replica_id=-1, replica_epoch=-1)
    obj['rack_id'] = ''
    return obj, pos


def _FetchRequest_v7_encode(obj, w):
    # FetchRequest v7: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_replica_id = g0('replica_id')
    if v0_replica_id is None:
        v0_replica_id = -1
    v0_max_wait_ms = g0('max_wait_ms')
    if v0_max_wait_ms is None:
        v0_max_wait_ms = 0
    v0_min_bytes = g0('min_bytes')
    if v0_min_bytes is None:
        v0_min_bytes = 0
    v0_max_bytes = g0('max_bytes')
    if v0_max_bytes is None:
        v0_max_bytes = 2147483647
    v0_isolation_level = g0('isolation_level')
    if v0_isolation_level is None:
        v0_isolation_level = 0
    v0_session_id = g0('session_id')
    if v0_session_id is None:
        v0_session_id = 0
    v0_session_epoch = g0('session_epoch')
    if v0_session_epoch is None:
        v0_session_epoch = -1
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_iiiibiii(v0_replica_id, v0_max_wait_ms, v0_min_bytes, v0_max_bytes, v0_isolation_level, v0_session_id, v0_session_epoch, len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic = g2('topic')
        if v2_topic is None:
            v2_topic = ''
        v2_topic_bytes = v2_topic.encode()
        w(_pack_h(len(v2_topic_bytes)))
        w(v2_topic_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition = g4('partition')
            if v4_partition is None:
                v4_partition = 0
            v4_fetch_offset = g4('fetch_offset')
            if v4_fetch_offset is None:
                v4_fetch_offset = 0
            v4_log_start_offset = g4('log_start_offset')
            if v4_log_start_offset is None:
                v4_log_start_offset = -1
            v4_partition_max_bytes = g4('partition_max_bytes')
            if v4_partition_max_bytes is None:
                v4_partition_max_bytes = 0
            w(_pack_iqqi(v4_partition, v4_fetch_offset, v4_log_start_offset, v4_partition_max_bytes))
    v0_forgotten_topics_data = g0('forgotten_topics_data')
    if v0_forgotten_topics_data is None:
        v0_forgotten_topics_data = []
    w(_pack_i(len(v0_forgotten_topics_data)))
    for x0 in v0_forgotten_topics_data:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic = g2('topic')
        if v2_topic is None:
            v2_topic = ''
        v2_topic_bytes = v2_topic.encode()
        w(_pack_h(len(v2_topic_bytes)))
        w(v2_topic_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        w(_pack_i_arrays[len(v2_partitions)](*v2_partitions) if len(v2_partitions) < 32 else _struct_pack('>%di' % len(v2_partitions), *v2_partitions))


def _FetchRequest_v9_decode(buf, pos):
    # FetchRequest v9: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['replica_id'], obj['max_wait_ms'], obj['min_bytes'], obj['max_bytes'], obj['isolation_level'], obj['session_id'], obj['session_epoch'], n0 = _unpack_from_iiiibiii(buf, pos)
    pos += 29
    if n0 < 0:
        raise _Err("null in non-nullable array at FetchRequest.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'FetchRequest.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at FetchRequest.topics[].topic")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('FetchRequest.topics[].topic')
        x0['topic'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at FetchRequest.topics[].partitions")
        if n1 > 1000000 or n1 * 28 > end - pos:
            raise _too_many(n1, end - pos, 'FetchRequest.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition'], x1['current_leader_epoch'], x1['fetch_offset'], x1['log_start_offset'], x1['partition_max_bytes'] = _unpack_from_iiqqi(buf, pos)
            pos += 28
            x1['last_fetched_epoch'] = -1
            x1['replica_directory_id'] = _D_FetchRequest_v9_1
            x1['high_watermark'] = 9223372036854775807
            a1.append(x1)
        x0['topic_id'] = _D_FetchRequest_v9_1
        a0.append(x0)
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at FetchRequest.forgotten_topics_data")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'FetchRequest.forgotten_topics_data')
    obj['forgotten_topics_data'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at FetchRequest.forgotten_topics_data[].topic")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('FetchRequest.forgotten_topics_data[].topic')
        x0['topic'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at FetchRequest.forgotten_topics_data[].partitions")
        if n1 > 1000000 or n1 * 4 > end - pos:
            raise _too_many(n1, end - pos, 'FetchRequest.forgotten_topics_data[].partitions')
        x0['partitions'] = list(_unpack_from_i_arrays[n1](buf, pos) if n1 < 32 else _struct_unpack_from('>%di' % n1, buf, pos))
        pos += 4 * n1
        x0['topic_id'] = _D_FetchRequest_v9_1
        a0.append(x0)
    obj['cluster_id'] = None
    obj['replica_state'] = Container(replica_id=-1, replica_epoch=-1)
    obj['rack_id'] = ''
    return obj, pos


def _FetchRequest_v9_encode(obj, w):
    # FetchRequest v9: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_replica_id = g0('replica_id')
    if v0_replica_id is None:
        v0_replica_id = -1
    v0_max_wait_ms = g0('max_wait_ms')
    if v0_max_wait_ms is None:
        v0_max_wait_ms = 0
    v0_min_bytes = g0('min_bytes')
    if v0_min_bytes is None:
        v0_min_bytes = 0
    v0_max_bytes = g0('max_bytes')
    if v0_max_bytes is None:
        v0_max_bytes = 2147483647
    v0_isolation_level = g0('isolation_level')
    if v0_isolation_level is None:
        v0_isolation_level = 0
    v0_session_id = g0('session_id')
    if v0_session_id is None:
        v0_session_id = 0
    v0_session_epoch = g0('session_epoch')
    if v0_session_epoch is None:
        v0_session_epoch = -1
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_iiiibiii(v0_replica_id, v0_max_wait_ms, v0_min_bytes, v0_max_bytes, v0_isolation_level, v0_session_id, v0_session_epoch, len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic = g2('topic')
        if v2_topic is None:
            v2_topic = ''
        v2_topic_bytes = v2_topic.encode()
        w(_pack_h(len(v2_topic_bytes)))
        w(v2_topic_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition = g4('partition')
            if v4_partition is None:
                v4_partition = 0
            v4_current_leader_epoch = g4('current_leader_epoch')
            if v4_current_leader_epoch is None:
                v4_current_leader_epoch = -1
            v4_fetch_offset = g4('fetch_offset')
            if v4_fetch_offset is None:
                v4_fetch_offset = 0
            v4_log_start_offset = g4('log_start_offset')
            if v4_log_start_offset is None:
                v4_log_start_offset = -1
            v4_partition_max_bytes = g4('partition_max_bytes')
            if v4_partition_max_bytes is None:
                v4_partition_max_bytes = 0
            w(_pack_iiqqi(v4_partition, v4_current_leader_epoch, v4_fetch_offset, v4_log_start_offset, v4_partition_max_bytes))
    v0_forgotten_topics_data = g0('forgotten_topics_data')
    if v0_forgotten_topics_data is None:
        v0_forgotten_topics_data = []
    w(_pack_i(len(v0_forgotten_topics_data)))
    for x0 in v0_forgotten_topics_data:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic = g2('topic')
        if v2_topic is None:
            v2_topic = ''
        v2_topic_bytes = v2_topic.encode()
        w(_pack_h(len(v2_topic_bytes)))
        w(v2_topic_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        w(_pack_i_arrays[len(v2_partitions)](*v2_partitions) if len(v2_partitions) < 32 else _struct_pack('>%di' % len(v2_partitions), *v2_partitions))


def _FetchRequest_v11_decode(buf, pos):
    # FetchRequest v11: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['replica_id'], obj['max_wait_ms'], obj['min_bytes'], obj['max_bytes'], obj['isolation_level'], obj['session_id'], obj['session_epoch'], n0 = _unpack_from_iiiibiii(buf, pos)
    pos += 29
    if n0 < 0:
        raise _Err("null in non-nullable array at FetchRequest.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'FetchRequest.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at FetchRequest.topics[].topic")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('FetchRequest.topics[].topic')
        x0['topic'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at FetchRequest.topics[].partitions")
        if n1 > 1000000 or n1 * 28 > end - pos:
            raise _too_many(n1, end - pos, 'FetchRequest.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition'], x1['current_leader_epoch'], x1['fetch_offset'], x1['log_start_offset'], x1['partition_max_bytes'] = _unpack_from_iiqqi(buf, pos)
            pos += 28
            x1['last_fetched_epoch'] = -1
            x1['replica_directory_id'] = _D_FetchRequest_v11_1
            x1['high_watermark'] = 9223372036854775807
            a1.append(x1)
        x0['topic_id'] = _D_FetchRequest_v11_1
        a0.append(x0)
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at FetchRequest.forgotten_topics_data")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'FetchRequest.forgotten_topics_data')
    obj['forgotten_topics_data'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at FetchRequest.forgotten_topics_data[].topic")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('FetchRequest.forgotten_topics_data[].topic')
        x0['topic'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at FetchRequest.forgotten_topics_data[].partitions")
        if n1 > 1000000 or n1 * 4 > end - pos:
            raise _too_many(n1, end - pos, 'FetchRequest.forgotten_topics_data[].partitions')
        x0['partitions'] = list(_unpack_from_i_arrays[n1](buf, pos) if n1 < 32 else _struct_unpack_from('>%di' % n1, buf, pos))
        pos += 4 * n1
        x0['topic_id'] = _D_FetchRequest_v11_1
        a0.append(x0)
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at FetchRequest.rack_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('FetchRequest.rack_id')
    obj['rack_id'] = buf[pos:e0].decode()
    pos = e0
    obj['cluster_id'] = None
    obj['replica_state'] = Container(replica_id=-1, replica_epoch=-1)
    return obj, pos


def _FetchRequest_v11_encode(obj, w):
    # FetchRequest v11: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_replica_id = g0('replica_id')
    if v0_replica_id is None:
        v0_replica_id = -1
    v0_max_wait_ms = g0('max_wait_ms')
    if v0_max_wait_ms is None:
        v0_max_wait_ms = 0
    v0_min_bytes = g0('min_bytes')
    if v0_min_bytes is None:
        v0_min_bytes = 0
    v0_max_bytes = g0('max_bytes')
    if v0_max_bytes is None:
        v0_max_bytes = 2147483647
    v0_isolation_level = g0('isolation_level')
    if v0_isolation_level is None:
        v0_isolation_level = 0
    v0_session_id = g0('session_id')
    if v0_session_id is None:
        v0_session_id = 0
    v0_session_epoch = g0('session_epoch')
    if v0_session_epoch is None:
        v0_session_epoch = -1
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_iiiibiii(v0_replica_id, v0_max_wait_ms, v0_min_bytes, v0_max_bytes, v0_isolation_level, v0_session_id, v0_session_epoch, len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic = g2('topic')
        if v2_topic is None:
            v2_topic = ''
        v2_topic_bytes = v2_topic.encode()
        w(_pack_h(len(v2_topic_bytes)))
        w(v2_topic_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition = g4('partition')
            if v4_partition is None:
                v4_partition = 0
            v4_current_leader_epoch = g4('current_leader_epoch')
            if v4_current_leader_epoch is None:
                v4_current_leader_epoch = -1
            v4_fetch_offset = g4('fetch_offset')
            if v4_fetch_offset is None:
                v4_fetch_offset = 0
            v4_log_start_offset = g4('log_start_offset')
            if v4_log_start_offset is None:
                v4_log_start_offset = -1
            v4_partition_max_bytes = g4('partition_max_bytes')
            if v4_partition_max_bytes is None:
                v4_partition_max_bytes = 0
            w(_pack_iiqqi(v4_partition, v4_current_leader_epoch, v4_fetch_offset, v4_log_start_offset, v4_partition_max_bytes))
    v0_forgotten_topics_data = g0('forgotten_topics_data')
    if v0_forgotten_topics_data is None:
        v0_forgotten_topics_data = []
    w(_pack_i(len(v0_forgotten_topics_data)))
    for x0 in v0_forgotten_topics_data:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic = g2('topic')
        if v2_topic is None:
            v2_topic = ''
        v2_topic_bytes = v2_topic.encode()
        w(_pack_h(len(v2_topic_bytes)))
        w(v2_topic_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        w(_pack_i_arrays[len(v2_partitions)](*v2_partitions) if len(v2_partitions) < 32 else _struct_pack('>%di' % len(v2_partitions), *v2_partitions))
    v0_rack_id = g0('rack_id')
    if v0_rack_id is None:
        v0_rack_id = ''
    v0_rack_id_bytes = v0_rack_id.encode()
    w(_pack_h(len(v0_rack_id_bytes)))
    w(v0_rack_id_bytes)


def _FetchRequest_v12_decode(buf, pos):
    # FetchRequest v12: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['replica_id'], obj['max_wait_ms'], obj['min_bytes'], obj['max_bytes'], obj['isolation_level'], obj['session_id'], obj['session_epoch'] = _unpack_from_iiiibii(buf, pos)
    pos += 25
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at FetchRequest.topics")
    n1 -= 1
    if n1 > 1000000 or n1 * 3 > end - pos:
        raise _too_many(n1, end - pos, 'FetchRequest.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at FetchRequest.topics[].topic")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('FetchRequest.topics[].topic')
        x1['topic'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at FetchRequest.topics[].partitions")
        n3 -= 1
        if n3 > 1000000 or n3 * 33 > end - pos:
            raise _too_many(n3, end - pos, 'FetchRequest.topics[].partitions')
        x1['partitions'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['partition'], x3['current_leader_epoch'], x3['fetch_offset'], x3['last_fetched_epoch'], x3['log_start_offset'], x3['partition_max_bytes'] = _unpack_from_iiqiqi(buf, pos)
            pos += 32
            x3['replica_directory_id'] = _D_FetchRequest_v12_1
            x3['high_watermark'] = 9223372036854775807
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'FetchRequest.topics[].partitions[]')
            else:
                pos += 1
            a3.append(x3)
        x1['topic_id'] = _D_FetchRequest_v12_1
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'FetchRequest.topics[]')
        else:
            pos += 1
        a1.append(x1)
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at FetchRequest.forgotten_topics_data")
    n1 -= 1
    if n1 > 1000000 or n1 * 3 > end - pos:
        raise _too_many(n1, end - pos, 'FetchRequest.forgotten_topics_data')
    obj['forgotten_topics_data'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at FetchRequest.forgotten_topics_data[].topic")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('FetchRequest.forgotten_topics_data[].topic')
        x1['topic'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at FetchRequest.forgotten_topics_data[].partitions")
        n3 -= 1
        if n3 > 1000000 or n3 * 4 > end - pos:
            raise _too_many(n3, end - pos, 'FetchRequest.forgotten_topics_data[].partitions')
        x1['partitions'] = list(_unpack_from_i_arrays[n3](buf, pos) if n3 < 32 else _struct_unpack_from('>%di' % n3, buf, pos))
        pos += 4 * n3
        x1['topic_id'] = _D_FetchRequest_v12_1
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'FetchRequest.forgotten_topics_data[]')
        else:
            pos += 1
        a1.append(x1)
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at FetchRequest.rack_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('FetchRequest.rack_id')
    obj['rack_id'] = buf[pos:e1].decode()
    pos = e1
    obj['replica_state'] = Container(replica_id=-1, replica_epoch=-1)
    obj['cluster_id'] = None
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _TAGS_FetchRequest_v12_3, 'FetchRequest')
    else:
        pos += 1
    return obj, pos


def _decode_tag_cluster_id__FetchRequest_v12_2(buf):
    # tagged field 0 of FetchRequest, read from its own bytes
    end = len(buf)
    pos = 0
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        value = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('FetchRequest.cluster_id')
        value = buf[pos:e1].decode()
        pos = e1
    return value


def _FetchRequest_v12_encode(obj, w):
    # FetchRequest v12: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_replica_id = g0('replica_id')
    if v0_replica_id is None:
        v0_replica_id = -1
    v0_max_wait_ms = g0('max_wait_ms')
    if v0_max_wait_ms is None:
        v0_max_wait_ms = 0
    v0_min_bytes = g0('min_bytes')
    if v0_min_bytes is None:
        v0_min_bytes = 0
    v0_max_bytes = g0('max_bytes')
    if v0_max_bytes is None:
        v0_max_bytes = 2147483647
    v0_isolation_level = g0('isolation_level')
    if v0_isolation_level is None:
        v0_isolation_level = 0
    v0_session_id = g0('session_id')
    if v0_session_id is None:
        v0_session_id = 0
    v0_session_epoch = g0('session_epoch')
    if v0_session_epoch is None:
        v0_session_epoch = -1
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_iiiibii(v0_replica_id, v0_max_wait_ms, v0_min_bytes, v0_max_bytes, v0_isolation_level, v0_session_id, v0_session_epoch))
    n0 = len(v0_topics) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic = g2('topic')
        if v2_topic is None:
            v2_topic = ''
        v2_topic_bytes = v2_topic.encode()
        n2 = len(v2_topic_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_topic_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition = g4('partition')
            if v4_partition is None:
                v4_partition = 0
            v4_current_leader_epoch = g4('current_leader_epoch')
            if v4_current_leader_epoch is None:
                v4_current_leader_epoch = -1
            v4_fetch_offset = g4('fetch_offset')
            if v4_fetch_offset is None:
                v4_fetch_offset = 0
            v4_last_fetched_epoch = g4('last_fetched_epoch')
            if v4_last_fetched_epoch is None:
                v4_last_fetched_epoch = -1
            v4_log_start_offset = g4('log_start_offset')
            if v4_log_start_offset is None:
                v4_log_start_offset = -1
            v4_partition_max_bytes = g4('partition_max_bytes')
            if v4_partition_max_bytes is None:
                v4_partition_max_bytes = 0
            w(_pack_iiqiqi(v4_partition, v4_current_leader_epoch, v4_fetch_offset, v4_last_fetched_epoch, v4_log_start_offset, v4_partition_max_bytes))
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_forgotten_topics_data = g0('forgotten_topics_data')
    if v0_forgotten_topics_data is None:
        v0_forgotten_topics_data = []
    n0 = len(v0_forgotten_topics_data) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_forgotten_topics_data:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic = g2('topic')
        if v2_topic is None:
            v2_topic = ''
        v2_topic_bytes = v2_topic.encode()
        n2 = len(v2_topic_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_topic_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(_pack_i_arrays[len(v2_partitions)](*v2_partitions) if len(v2_partitions) < 32 else _struct_pack('>%di' % len(v2_partitions), *v2_partitions))
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_rack_id = g0('rack_id')
    if v0_rack_id is None:
        v0_rack_id = ''
    v0_rack_id_bytes = v0_rack_id.encode()
    n0 = len(v0_rack_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_rack_id_bytes)
    t0 = []
    u0 = g0('cluster_id', None)
    if not u0 == None:  # tagged fields at their default are not written
        t0.append((0, _encode_tag_cluster_id__FetchRequest_v12_4(u0)))
    u0 = g0('_unknown_tags', None)
    if u0:
        t0.extend(u0.items())
        t0.sort()
    if t0:
        _write_tags(w, t0)
    else:
        w(b'\x00')


def _encode_tag_cluster_id__FetchRequest_v12_4(value):
    # tagged field 0 at FetchRequest.cluster_id, as its own bytes
    out = []
    w = out.append
    value_bytes = None if value is None else value.encode()
    if value_bytes is None:
        w(b'\x00')
    else:
        n1 = len(value_bytes) + 1
        w(_UV[n1] if n1 < 128 else _uv(n1))
        w(value_bytes)
    return b''.join(out)


def _FetchRequest_v13_decode(buf, pos):
    # FetchRequest v13: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['replica_id'], obj['max_wait_ms'], obj['min_bytes'], obj['max_bytes'], obj['isolation_level'], obj['session_id'], obj['session_epoch'] = _unpack_from_iiiibii(buf, pos)
    pos += 25
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at FetchRequest.topics")
    n1 -= 1
    if n1 > 1000000 or n1 * 18 > end - pos:
        raise _too_many(n1, end - pos, 'FetchRequest.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['topic_id'], = _unpack_from_16s(buf, pos)
        pos += 16
        x1['topic_id'] = _uuid(x1['topic_id'])
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at FetchRequest.topics[].partitions")
        n3 -= 1
        if n3 > 1000000 or n3 * 33 > end - pos:
            raise _too_many(n3, end - pos, 'FetchRequest.topics[].partitions')
        x1['partitions'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['partition'], x3['current_leader_epoch'], x3['fetch_offset'], x3['last_fetched_epoch'], x3['log_start_offset'], x3['partition_max_bytes'] = _unpack_from_iiqiqi(buf, pos)
            pos += 32
            x3['replica_directory_id'] = _D_FetchRequest_v13_1
            x3['high_watermark'] = 9223372036854775807
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'FetchRequest.topics[].partitions[]')
            else:
                pos += 1
            a3.append(x3)
        x1['topic'] = ''
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'FetchRequest.topics[]')
        else:
            pos += 1
        a1.append(x1)
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at FetchRequest.forgotten_topics_data")
    n1 -= 1
    if n1 > 1000000 or n1 * 18 > end - pos:
        raise _too_many(n1, end - pos, 'FetchRequest.forgotten_topics_data')
    obj['forgotten_topics_data'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['topic_id'], = _unpack_from_16s(buf, pos)
        pos += 16
        x1['topic_id'] = _uuid(x1['topic_id'])
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at FetchRequest.forgotten_topics_data[].partitions")
        n3 -= 1
        if n3 > 1000000 or n3 * 4 > end - pos:
            raise _too_many(n3, end - pos, 'FetchRequest.forgotten_topics_data[].partitions')
        x1['partitions'] = list(_unpack_from_i_arrays[n3](buf, pos) if n3 < 32 else _struct_unpack_from('>%di' % n3, buf, pos))
        pos += 4 * n3
        x1['topic'] = ''
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'FetchRequest.forgotten_topics_data[]')
        else:
            pos += 1
        a1.append(x1)
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at FetchRequest.rack_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('FetchRequest.rack_id')
    obj['rack_id'] = buf[pos:e1].decode()
    pos = e1
    obj['replica_state'] = Container(replica_id=-1, replica_epoch=-1)
    obj['cluster_id'] = None
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _TAGS_FetchRequest_v13_3, 'FetchRequest')
    else:
        pos += 1
    return obj, pos


def _decode_tag_cluster_id__FetchRequest_v13_2(buf):
    # tagged field 0 of FetchRequest, read from its own bytes
    end = len(buf)
    pos = 0
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        value = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('FetchRequest.cluster_id')
        value = buf[pos:e1].decode()
        pos = e1
    return value


def _FetchRequest_v13_encode(obj, w):
    # FetchRequest v13: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_replica_id = g0('replica_id')
    if v0_replica_id is None:
        v0_replica_id = -1
    v0_max_wait_ms = g0('max_wait_ms')
    if v0_max_wait_ms is None:
        v0_max_wait_ms = 0
    v0_min_bytes = g0('min_bytes')
    if v0_min_bytes is None:
        v0_min_bytes = 0
    v0_max_bytes = g0('max_bytes')
    if v0_max_bytes is None:
        v0_max_bytes = 2147483647
    v0_isolation_level = g0('isolation_level')
    if v0_isolation_level is None:
        v0_isolation_level = 0
    v0_session_id = g0('session_id')
    if v0_session_id is None:
        v0_session_id = 0
    v0_session_epoch = g0('session_epoch')
    if v0_session_epoch is None:
        v0_session_epoch = -1
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_iiiibii(v0_replica_id, v0_max_wait_ms, v0_min_bytes, v0_max_bytes, v0_isolation_level, v0_session_id, v0_session_epoch))
    n0 = len(v0_topics) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_FetchRequest_v13_1
        w(v2_topic_id.bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition = g4('partition')
            if v4_partition is None:
                v4_partition = 0
            v4_current_leader_epoch = g4('current_leader_epoch')
            if v4_current_leader_epoch is None:
                v4_current_leader_epoch = -1
            v4_fetch_offset = g4('fetch_offset')
            if v4_fetch_offset is None:
                v4_fetch_offset = 0
            v4_last_fetched_epoch = g4('last_fetched_epoch')
            if v4_last_fetched_epoch is None:
                v4_last_fetched_epoch = -1
            v4_log_start_offset = g4('log_start_offset')
            if v4_log_start_offset is None:
                v4_log_start_offset = -1
            v4_partition_max_bytes = g4('partition_max_bytes')
            if v4_partition_max_bytes is None:
                v4_partition_max_bytes = 0
            w(_pack_iiqiqi(v4_partition, v4_current_leader_epoch, v4_fetch_offset, v4_last_fetched_epoch, v4_log_start_offset, v4_partition_max_bytes))
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_forgotten_topics_data = g0('forgotten_topics_data')
    if v0_forgotten_topics_data is None:
        v0_forgotten_topics_data = []
    n0 = len(v0_forgotten_topics_data) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_forgotten_topics_data:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_FetchRequest_v13_1
        w(v2_topic_id.bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(_pack_i_arrays[len(v2_partitions)](*v2_partitions) if len(v2_partitions) < 32 else _struct_pack('>%di' % len(v2_partitions), *v2_partitions))
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_rack_id = g0('rack_id')
    if v0_rack_id is None:
        v0_rack_id = ''
    v0_rack_id_bytes = v0_rack_id.encode()
    n0 = len(v0_rack_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_rack_id_bytes)
    t0 = []
    u0 = g0('cluster_id', None)
    if not u0 == None:  # tagged fields at their default are not written
        t0.append((0, _encode_tag_cluster_id__FetchRequest_v13_4(u0)))
    u0 = g0('_unknown_tags', None)
    if u0:
        t0.extend(u0.items())
        t0.sort()
    if t0:
        _write_tags(w, t0)
    else:
        w(b'\x00')


def _encode_tag_cluster_id__FetchRequest_v13_4(value):
    # tagged field 0 at FetchRequest.cluster_id, as its own bytes
    out = []
    w = out.append
    value_bytes = None if value is None else value.encode()
    if value_bytes is None:
        w(b'\x00')
    else:
        n1 = len(value_bytes) + 1
        w(_UV[n1] if n1 < 128 else _uv(n1))
        w(value_bytes)
    return b''.join(out)


def _FetchRequest_v15_decode(buf, pos):
    # FetchRequest v15: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['max_wait_ms'], obj['min_bytes'], obj['max_bytes'], obj['isolation_level'], obj['session_id'], obj['session_epoch'] = _unpack_from_iiibii(buf, pos)
    pos += 21
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at FetchRequest.topics")
    n1 -= 1
    if n1 > 1000000 or n1 * 18 > end - pos:
        raise _too_many(n1, end - pos, 'FetchRequest.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['topic_id'], = _unpack_from_16s(buf, pos)
        pos += 16
        x1['topic_id'] = _uuid(x1['topic_id'])
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at FetchRequest.topics[].partitions")
        n3 -= 1
        if n3 > 1000000 or n3 * 33 > end - pos:
            raise _too_many(n3, end - pos, 'FetchRequest.topics[].partitions')
        x1['partitions'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['partition'], x3['current_leader_epoch'], x3['fetch_offset'], x3['last_fetched_epoch'], x3['log_start_offset'], x3['partition_max_bytes'] = _unpack_from_iiqiqi(buf, pos)
            pos += 32
            x3['replica_directory_id'] = _D_FetchRequest_v15_1
            x3['high_watermark'] = 9223372036854775807
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'FetchRequest.topics[].partitions[]')
            else:
                pos += 1
            a3.append(x3)
        x1['topic'] = ''
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'FetchRequest.topics[]')
        else:
            pos += 1
        a1.append(x1)
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at FetchRequest.forgotten_topics_data")
    n1 -= 1
    if n1 > 1000000 or n1 * 18 > end - pos:
        raise _too_many(n1, end - pos, 'FetchRequest.forgotten_topics_data')
    obj['forgotten_topics_data'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['topic_id'], = _unpack_from_16s(buf, pos)
        pos += 16
        x1['topic_id'] = _uuid(x1['topic_id'])
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at FetchRequest.forgotten_topics_data[].partitions")
        n3 -= 1
        if n3 > 1000000 or n3 * 4 > end - pos:
            raise _too_many(n3, end - pos, 'FetchRequest.forgotten_topics_data[].partitions')
        x1['partitions'] = list(_unpack_from_i_arrays[n3](buf, pos) if n3 < 32 else _struct_unpack_from('>%di' % n3, buf, pos))
        pos += 4 * n3
        x1['topic'] = ''
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'FetchRequest.forgotten_topics_data[]')
        else:
            pos += 1
        a1.append(x1)
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at FetchRequest.rack_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('FetchRequest.rack_id')
    obj['rack_id'] = buf[pos:e1].decode()
    pos = e1
    obj['replica_id'] = -1
    obj['cluster_id'] = None
    obj['replica_state'] = Container(replica_id=-1, replica_epoch=-1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _TAGS_FetchRequest_v15_4, 'FetchRequest')
    else:
        pos += 1
    return obj, pos


def _decode_tag_cluster_id__FetchRequest_v15_2(buf):
    # tagged field 0 of FetchRequest, read from its own bytes
    end = len(buf)
    pos = 0
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        value = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('FetchRequest.cluster_id')
        value = buf[pos:e1].decode()
        pos = e1
    return value


def _decode_tag_replica_state__FetchRequest_v15_3(buf):
    # tagged field 1 of FetchRequest, read from its own bytes
    end = len(buf)
    pos = 0
    value = Container()
    value['replica_id'], value['replica_epoch'] = _unpack_from_iq(buf, pos)
    pos += 12
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, value, _NO_TAGS, 'FetchRequest.replica_state')
    else:
        pos += 1
    return value


def _FetchRequest_v15_encode(obj, w):
    # FetchRequest v15: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_max_wait_ms = g0('max_wait_ms')
    if v0_max_wait_ms is None:
        v0_max_wait_ms = 0
    v0_min_bytes = g0('min_bytes')
    if v0_min_bytes is None:
        v0_min_bytes = 0
    v0_max_bytes = g0('max_bytes')
    if v0_max_bytes is None:
        v0_max_bytes = 2147483647
    v0_isolation_level = g0('isolation_level')
    if v0_isolation_level is None:
        v0_isolation_level = 0
    v0_session_id = g0('session_id')
    if v0_session_id is None:
        v0_session_id = 0
    v0_session_epoch = g0('session_epoch')
    if v0_session_epoch is None:
        v0_session_epoch = -1
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_iiibii(v0_max_wait_ms, v0_min_bytes, v0_max_bytes, v0_isolation_level, v0_session_id, v0_session_epoch))
    n0 = len(v0_topics) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_FetchRequest_v15_1
        w(v2_topic_id.bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition = g4('partition')
            if v4_partition is None:
                v4_partition = 0
            v4_current_leader_epoch = g4('current_leader_epoch')
            if v4_current_leader_epoch is None:
                v4_current_leader_epoch = -1
            v4_fetch_offset = g4('fetch_offset')
            if v4_fetch_offset is None:
                v4_fetch_offset = 0
            v4_last_fetched_epoch = g4('last_fetched_epoch')
            if v4_last_fetched_epoch is None:
                v4_last_fetched_epoch = -1
            v4_log_start_offset = g4('log_start_offset')
            if v4_log_start_offset is None:
                v4_log_start_offset = -1
            v4_partition_max_bytes = g4('partition_max_bytes')
            if v4_partition_max_bytes is None:
                v4_partition_max_bytes = 0
            w(_pack_iiqiqi(v4_partition, v4_current_leader_epoch, v4_fetch_offset, v4_last_fetched_epoch, v4_log_start_offset, v4_partition_max_bytes))
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_forgotten_topics_data = g0('forgotten_topics_data')
    if v0_forgotten_topics_data is None:
        v0_forgotten_topics_data = []
    n0 = len(v0_forgotten_topics_data) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_forgotten_topics_data:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_FetchRequest_v15_1
        w(v2_topic_id.bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(_pack_i_arrays[len(v2_partitions)](*v2_partitions) if len(v2_partitions) < 32 else _struct_pack('>%di' % len(v2_partitions), *v2_partitions))
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_rack_id = g0('rack_id')
    if v0_rack_id is None:
        v0_rack_id = ''
    v0_rack_id_bytes = v0_rack_id.encode()
    n0 = len(v0_rack_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_rack_id_bytes)
    t0 = []
    u0 = g0('cluster_id', None)
    if not u0 == None:  # tagged fields at their default are not written
        t0.append((0, _encode_tag_cluster_id__FetchRequest_v15_5(u0)))
    u0 = g0('replica_state', _D_FetchRequest_v15_6)
    if not u0 == _D_FetchRequest_v15_6:  # tagged fields at their default are not written
        t0.append((1, _encode_tag_replica_state__FetchRequest_v15_7(u0)))
    u0 = g0('_unknown_tags', None)
    if u0:
        t0.extend(u0.items())
        t0.sort()
    if t0:
        _write_tags(w, t0)
    else:
        w(b'\x00')


def _encode_tag_cluster_id__FetchRequest_v15_5(value):
    # tagged field 0 at FetchRequest.cluster_id, as its own bytes
    out = []
    w = out.append
    value_bytes = None if value is None else value.encode()
    if value_bytes is None:
        w(b'\x00')
    else:
        n1 = len(value_bytes) + 1
        w(_UV[n1] if n1 < 128 else _uv(n1))
        w(value_bytes)
    return b''.join(out)


def _encode_tag_replica_state__FetchRequest_v15_7(value):
    # tagged field 1 at FetchRequest.replica_state, as its own bytes
    out = []
    w = out.append
    g2 = value.get if isinstance(value, dict) else _getter(value)
    v2_replica_id = g2('replica_id')
    if v2_replica_id is None:
        v2_replica_id = -1
    v2_replica_epoch = g2('replica_epoch')
    if v2_replica_epoch is None:
        v2_replica_epoch = -1
    w(_pack_iq(v2_replica_id, v2_replica_epoch))
    u2 = g2('_unknown_tags', None)
    if u2:
        _write_tags(w, sorted(u2.items()))
    else:
        w(b'\x00')  # no tagged fields
    return b''.join(out)


def _FetchRequest_v17_decode(buf, pos):
    # FetchRequest v17: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['max_wait_ms'], obj['min_bytes'], obj['max_bytes'], obj['isolation_level'], obj['session_id'], obj['session_epoch'] = _unpack_from_iiibii(buf, pos)
    pos += 21
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at FetchRequest.topics")
    n1 -= 1
    if n1 > 1000000 or n1 * 18 > end - pos:
        raise _too_many(n1, end - pos, 'FetchRequest.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['topic_id'], = _unpack_from_16s(buf, pos)
        pos += 16
        x1['topic_id'] = _uuid(x1['topic_id'])
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at FetchRequest.topics[].partitions")
        n3 -= 1
        if n3 > 1000000 or n3 * 33 > end - pos:
            raise _too_many(n3, end - pos, 'FetchRequest.topics[].partitions')
        x1['partitions'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['partition'], x3['current_leader_epoch'], x3['fetch_offset'], x3['last_fetched_epoch'], x3['log_start_offset'], x3['partition_max_bytes'] = _unpack_from_iiqiqi(buf, pos)
            pos += 32
            x3['high_watermark'] = 9223372036854775807
            x3['replica_directory_id'] = _D_FetchRequest_v17_1
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _TAGS_FetchRequest_v17_3, 'FetchRequest.topics[].partitions[]')
            else:
                pos += 1
            a3.append(x3)
        x1['topic'] = ''
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'FetchRequest.topics[]')
        else:
            pos += 1
        a1.append(x1)
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at FetchRequest.forgotten_topics_data")
    n1 -= 1
    if n1 > 1000000 or n1 * 18 > end - pos:
        raise _too_many(n1, end - pos, 'FetchRequest.forgotten_topics_data')
    obj['forgotten_topics_data'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['topic_id'], = _unpack_from_16s(buf, pos)
        pos += 16
        x1['topic_id'] = _uuid(x1['topic_id'])
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at FetchRequest.forgotten_topics_data[].partitions")
        n3 -= 1
        if n3 > 1000000 or n3 * 4 > end - pos:
            raise _too_many(n3, end - pos, 'FetchRequest.forgotten_topics_data[].partitions')
        x1['partitions'] = list(_unpack_from_i_arrays[n3](buf, pos) if n3 < 32 else _struct_unpack_from('>%di' % n3, buf, pos))
        pos += 4 * n3
        x1['topic'] = ''
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'FetchRequest.forgotten_topics_data[]')
        else:
            pos += 1
        a1.append(x1)
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at FetchRequest.rack_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('FetchRequest.rack_id')
    obj['rack_id'] = buf[pos:e1].decode()
    pos = e1
    obj['replica_id'] = -1
    obj['cluster_id'] = None
    obj['replica_state'] = Container(replica_id=-1, replica_epoch=-1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _TAGS_FetchRequest_v17_6, 'FetchRequest')
    else:
        pos += 1
    return obj, pos


def _decode_tag_replica_directory_id__FetchRequest_v17_2(buf):
    # tagged field 0 of FetchRequest.topics[].partitions[], read from its own bytes
    end = len(buf)
    pos = 0
    value, = _unpack_from_16s(buf, pos)
    pos += 16
    value = _uuid(value)
    return value


def _decode_tag_cluster_id__FetchRequest_v17_4(buf):
    # tagged field 0 of FetchRequest, read from its own bytes
    end = len(buf)
    pos = 0
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        value = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('FetchRequest.cluster_id')
        value = buf[pos:e1].decode()
        pos = e1
    return value


def _decode_tag_replica_state__FetchRequest_v17_5(buf):
    # tagged field 1 of FetchRequest, read from its own bytes
    end = len(buf)
    pos = 0
    value = Container()
    value['replica_id'], value['replica_epoch'] = _unpack_from_iq(buf, pos)
    pos += 12
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, value, _NO_TAGS, 'FetchRequest.replica_state')
    else:
        pos += 1
    return value


def _FetchRequest_v17_encode(obj, w):
    # FetchRequest v17: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_max_wait_ms = g0('max_wait_ms')
    if v0_max_wait_ms is None:
        v0_max_wait_ms = 0
    v0_min_bytes = g0('min_bytes')
    if v0_min_bytes is None:
        v0_min_bytes = 0
    v0_max_bytes = g0('max_bytes')
    if v0_max_bytes is None:
        v0_max_bytes = 2147483647
    v0_isolation_level = g0('isolation_level')
    if v0_isolation_level is None:
        v0_isolation_level = 0
    v0_session_id = g0('session_id')
    if v0_session_id is None:
        v0_session_id = 0
    v0_session_epoch = g0('session_epoch')
    if v0_session_epoch is None:
        v0_session_epoch = -1
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_iiibii(v0_max_wait_ms, v0_min_bytes, v0_max_bytes, v0_isolation_level, v0_session_id, v0_session_epoch))
    n0 = len(v0_topics) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_FetchRequest_v17_1
        w(v2_topic_id.bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition = g4('partition')
            if v4_partition is None:
                v4_partition = 0
            v4_current_leader_epoch = g4('current_leader_epoch')
            if v4_current_leader_epoch is None:
                v4_current_leader_epoch = -1
            v4_fetch_offset = g4('fetch_offset')
            if v4_fetch_offset is None:
                v4_fetch_offset = 0
            v4_last_fetched_epoch = g4('last_fetched_epoch')
            if v4_last_fetched_epoch is None:
                v4_last_fetched_epoch = -1
            v4_log_start_offset = g4('log_start_offset')
            if v4_log_start_offset is None:
                v4_log_start_offset = -1
            v4_partition_max_bytes = g4('partition_max_bytes')
            if v4_partition_max_bytes is None:
                v4_partition_max_bytes = 0
            w(_pack_iiqiqi(v4_partition, v4_current_leader_epoch, v4_fetch_offset, v4_last_fetched_epoch, v4_log_start_offset, v4_partition_max_bytes))
            t4 = []
            u4 = g4('replica_directory_id', _D_FetchRequest_v17_1)
            if not u4 == _D_FetchRequest_v17_1:  # tagged fields at their default are not written
                t4.append((0, _encode_tag_replica_directory_id__FetchRequest_v17_7(u4)))
            u4 = g4('_unknown_tags', None)
            if u4:
                t4.extend(u4.items())
                t4.sort()
            if t4:
                _write_tags(w, t4)
            else:
                w(b'\x00')
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_forgotten_topics_data = g0('forgotten_topics_data')
    if v0_forgotten_topics_data is None:
        v0_forgotten_topics_data = []
    n0 = len(v0_forgotten_topics_data) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_forgotten_topics_data:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_FetchRequest_v17_1
        w(v2_topic_id.bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(_pack_i_arrays[len(v2_partitions)](*v2_partitions) if len(v2_partitions) < 32 else _struct_pack('>%di' % len(v2_partitions), *v2_partitions))
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_rack_id = g0('rack_id')
    if v0_rack_id is None:
        v0_rack_id = ''
    v0_rack_id_bytes = v0_rack_id.encode()
    n0 = len(v0_rack_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_rack_id_bytes)
    t0 = []
    u0 = g0('cluster_id', None)
    if not u0 == None:  # tagged fields at their default are not written
        t0.append((0, _encode_tag_cluster_id__FetchRequest_v17_8(u0)))
    u0 = g0('replica_state', _D_FetchRequest_v17_9)
    if not u0 == _D_FetchRequest_v17_9:  # tagged fields at their default are not written
        t0.append((1, _encode_tag_replica_state__FetchRequest_v17_10(u0)))
    u0 = g0('_unknown_tags', None)
    if u0:
        t0.extend(u0.items())
        t0.sort()
    if t0:
        _write_tags(w, t0)
    else:
        w(b'\x00')


def _encode_tag_replica_directory_id__FetchRequest_v17_7(value):
    # tagged field 0 at FetchRequest.topics[].partitions[].replica_directory_id, as its own bytes
    out = []
    w = out.append
    w(value.bytes)
    return b''.join(out)


def _encode_tag_cluster_id__FetchRequest_v17_8(value):
    # tagged field 0 at FetchRequest.cluster_id, as its own bytes
    out = []
    w = out.append
    value_bytes = None if value is None else value.encode()
    if value_bytes is None:
        w(b'\x00')
    else:
        n1 = len(value_bytes) + 1
        w(_UV[n1] if n1 < 128 else _uv(n1))
        w(value_bytes)
    return b''.join(out)


def _encode_tag_replica_state__FetchRequest_v17_10(value):
    # tagged field 1 at FetchRequest.replica_state, as its own bytes
    out = []
    w = out.append
    g2 = value.get if isinstance(value, dict) else _getter(value)
    v2_replica_id = g2('replica_id')
    if v2_replica_id is None:
        v2_replica_id = -1
    v2_replica_epoch = g2('replica_epoch')
    if v2_replica_epoch is None:
        v2_replica_epoch = -1
    w(_pack_iq(v2_replica_id, v2_replica_epoch))
    u2 = g2('_unknown_tags', None)
    if u2:
        _write_tags(w, sorted(u2.items()))
    else:
        w(b'\x00')  # no tagged fields
    return b''.join(out)


def _FetchRequest_v18_decode(buf, pos):
    # FetchRequest v18: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['max_wait_ms'], obj['min_bytes'], obj['max_bytes'], obj['isolation_level'], obj['session_id'], obj['session_epoch'] = _unpack_from_iiibii(buf, pos)
    pos += 21
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at FetchRequest.topics")
    n1 -= 1
    if n1 > 1000000 or n1 * 18 > end - pos:
        raise _too_many(n1, end - pos, 'FetchRequest.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['topic_id'], = _unpack_from_16s(buf, pos)
        pos += 16
        x1['topic_id'] = _uuid(x1['topic_id'])
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at FetchRequest.topics[].partitions")
        n3 -= 1
        if n3 > 1000000 or n3 * 33 > end - pos:
            raise _too_many(n3, end - pos, 'FetchRequest.topics[].partitions')
        x1['partitions'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['partition'], x3['current_leader_epoch'], x3['fetch_offset'], x3['last_fetched_epoch'], x3['log_start_offset'], x3['partition_max_bytes'] = _unpack_from_iiqiqi(buf, pos)
            pos += 32
            x3['replica_directory_id'] = _D_FetchRequest_v18_1
            x3['high_watermark'] = 9223372036854775807
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _TAGS_FetchRequest_v18_4, 'FetchRequest.topics[].partitions[]')
            else:
                pos += 1
            a3.append(x3)
        x1['topic'] = ''
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'FetchRequest.topics[]')
        else:
            pos += 1
        a1.append(x1)
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at FetchRequest.forgotten_topics_data")
    n1 -= 1
    if n1 > 1000000 or n1 * 18 > end - pos:
        raise _too_many(n1, end - pos, 'FetchRequest.forgotten_topics_data')
    obj['forgotten_topics_data'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['topic_id'], = _unpack_from_16s(buf, pos)
        pos += 16
        x1['topic_id'] = _uuid(x1['topic_id'])
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at FetchRequest.forgotten_topics_data[].partitions")
        n3 -= 1
        if n3 > 1000000 or n3 * 4 > end - pos:
            raise _too_many(n3, end - pos, 'FetchRequest.forgotten_topics_data[].partitions')
        x1['partitions'] = list(_unpack_from_i_arrays[n3](buf, pos) if n3 < 32 else _struct_unpack_from('>%di' % n3, buf, pos))
        pos += 4 * n3
        x1['topic'] = ''
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'FetchRequest.forgotten_topics_data[]')
        else:
            pos += 1
        a1.append(x1)
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at FetchRequest.rack_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('FetchRequest.rack_id')
    obj['rack_id'] = buf[pos:e1].decode()
    pos = e1
    obj['replica_id'] = -1
    obj['cluster_id'] = None
    obj['replica_state'] = Container(replica_id=-1, replica_epoch=-1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _TAGS_FetchRequest_v18_7, 'FetchRequest')
    else:
        pos += 1
    return obj, pos


def _decode_tag_replica_directory_id__FetchRequest_v18_2(buf):
    # tagged field 0 of FetchRequest.topics[].partitions[], read from its own bytes
    end = len(buf)
    pos = 0
    value, = _unpack_from_16s(buf, pos)
    pos += 16
    value = _uuid(value)
    return value


def _decode_tag_high_watermark__FetchRequest_v18_3(buf):
    # tagged field 1 of FetchRequest.topics[].partitions[], read from its own bytes
    end = len(buf)
    pos = 0
    value, = _unpack_from_q(buf, pos)
    pos += 8
    return value


def _decode_tag_cluster_id__FetchRequest_v18_5(buf):
    # tagged field 0 of FetchRequest, read from its own bytes
    end = len(buf)
    pos = 0
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        value = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('FetchRequest.cluster_id')
        value = buf[pos:e1].decode()
        pos = e1
    return value


def _decode_tag_replica_state__FetchRequest_v18_6(buf):
    # tagged field 1 of FetchRequest, read from its own bytes
    end = len(buf)
    pos = 0
    value = Container()
    value['replica_id'], value['replica_epoch'] = _unpack_from_iq(buf, pos)
    pos += 12
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, value, _NO_TAGS, 'FetchRequest.replica_state')
    else:
        pos += 1
    return value


def _FetchRequest_v18_encode(obj, w):
    # FetchRequest v18: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_max_wait_ms = g0('max_wait_ms')
    if v0_max_wait_ms is None:
        v0_max_wait_ms = 0
    v0_min_bytes = g0('min_bytes')
    if v0_min_bytes is None:
        v0_min_bytes = 0
    v0_max_bytes = g0('max_bytes')
    if v0_max_bytes is None:
        v0_max_bytes = 2147483647
    v0_isolation_level = g0('isolation_level')
    if v0_isolation_level is None:
        v0_isolation_level = 0
    v0_session_id = g0('session_id')
    if v0_session_id is None:
        v0_session_id = 0
    v0_session_epoch = g0('session_epoch')
    if v0_session_epoch is None:
        v0_session_epoch = -1
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_iiibii(v0_max_wait_ms, v0_min_bytes, v0_max_bytes, v0_isolation_level, v0_session_id, v0_session_epoch))
    n0 = len(v0_topics) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_FetchRequest_v18_1
        w(v2_topic_id.bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition = g4('partition')
            if v4_partition is None:
                v4_partition = 0
            v4_current_leader_epoch = g4('current_leader_epoch')
            if v4_current_leader_epoch is None:
                v4_current_leader_epoch = -1
            v4_fetch_offset = g4('fetch_offset')
            if v4_fetch_offset is None:
                v4_fetch_offset = 0
            v4_last_fetched_epoch = g4('last_fetched_epoch')
            if v4_last_fetched_epoch is None:
                v4_last_fetched_epoch = -1
            v4_log_start_offset = g4('log_start_offset')
            if v4_log_start_offset is None:
                v4_log_start_offset = -1
            v4_partition_max_bytes = g4('partition_max_bytes')
            if v4_partition_max_bytes is None:
                v4_partition_max_bytes = 0
            w(_pack_iiqiqi(v4_partition, v4_current_leader_epoch, v4_fetch_offset, v4_last_fetched_epoch, v4_log_start_offset, v4_partition_max_bytes))
            t4 = []
            u4 = g4('replica_directory_id', _D_FetchRequest_v18_1)
            if not u4 == _D_FetchRequest_v18_1:  # tagged fields at their default are not written
                t4.append((0, _encode_tag_replica_directory_id__FetchRequest_v18_8(u4)))
            u4 = g4('high_watermark', 9223372036854775807)
            if not u4 == 9223372036854775807:  # tagged fields at their default are not written
                t4.append((1, _encode_tag_high_watermark__FetchRequest_v18_9(u4)))
            u4 = g4('_unknown_tags', None)
            if u4:
                t4.extend(u4.items())
                t4.sort()
            if t4:
                _write_tags(w, t4)
            else:
                w(b'\x00')
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_forgotten_topics_data = g0('forgotten_topics_data')
    if v0_forgotten_topics_data is None:
        v0_forgotten_topics_data = []
    n0 = len(v0_forgotten_topics_data) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_forgotten_topics_data:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_FetchRequest_v18_1
        w(v2_topic_id.bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(_pack_i_arrays[len(v2_partitions)](*v2_partitions) if len(v2_partitions) < 32 else _struct_pack('>%di' % len(v2_partitions), *v2_partitions))
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_rack_id = g0('rack_id')
    if v0_rack_id is None:
        v0_rack_id = ''
    v0_rack_id_bytes = v0_rack_id.encode()
    n0 = len(v0_rack_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_rack_id_bytes)
    t0 = []
    u0 = g0('cluster_id', None)
    if not u0 == None:  # tagged fields at their default are not written
        t0.append((0, _encode_tag_cluster_id__FetchRequest_v18_10(u0)))
    u0 = g0('replica_state', _D_FetchRequest_v18_11)
    if not u0 == _D_FetchRequest_v18_11:  # tagged fields at their default are not written
        t0.append((1, _encode_tag_replica_state__FetchRequest_v18_12(u0)))
    u0 = g0('_unknown_tags', None)
    if u0:
        t0.extend(u0.items())
        t0.sort()
    if t0:
        _write_tags(w, t0)
    else:
        w(b'\x00')


def _encode_tag_replica_directory_id__FetchRequest_v18_8(value):
    # tagged field 0 at FetchRequest.topics[].partitions[].replica_directory_id, as its own bytes
    out = []
    w = out.append
    w(value.bytes)
    return b''.join(out)


def _encode_tag_high_watermark__FetchRequest_v18_9(value):
    # tagged field 1 at FetchRequest.topics[].partitions[].high_watermark, as its own bytes
    out = []
    w = out.append
    w(_pack_q(value))
    return b''.join(out)


def _encode_tag_cluster_id__FetchRequest_v18_10(value):
    # tagged field 0 at FetchRequest.cluster_id, as its own bytes
    out = []
    w = out.append
    value_bytes = None if value is None else value.encode()
    if value_bytes is None:
        w(b'\x00')
    else:
        n1 = len(value_bytes) + 1
        w(_UV[n1] if n1 < 128 else _uv(n1))
        w(value_bytes)
    return b''.join(out)


def _encode_tag_replica_state__FetchRequest_v18_12(value):
    # tagged field 1 at FetchRequest.replica_state, as its own bytes
    out = []
    w = out.append
    g2 = value.get if isinstance(value, dict) else _getter(value)
    v2_replica_id = g2('replica_id')
    if v2_replica_id is None:
        v2_replica_id = -1
    v2_replica_epoch = g2('replica_epoch')
    if v2_replica_epoch is None:
        v2_replica_epoch = -1
    w(_pack_iq(v2_replica_id, v2_replica_epoch))
    u2 = g2('_unknown_tags', None)
    if u2:
        _write_tags(w, sorted(u2.items()))
    else:
        w(b'\x00')  # no tagged fields
    return b''.join(out)


def _FetchResponse_v0_decode(buf, pos):
    # FetchResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at FetchResponse.responses")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'FetchResponse.responses')
    obj['responses'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at FetchResponse.responses[].topic")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('FetchResponse.responses[].topic')
        x0['topic'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at FetchResponse.responses[].partitions")
        if n1 > 1000000 or n1 * 18 > end - pos:
            raise _too_many(n1, end - pos, 'FetchResponse.responses[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['error_code'], x1['high_watermark'], n2 = _unpack_from_ihqi(buf, pos)
            pos += 18
            if n2 < 0:
                x1['records'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('FetchResponse.responses[].partitions[].records')
                x1['records'] = buf[pos:e2]
                pos = e2
            x1['last_stable_offset'] = -1
            x1['log_start_offset'] = -1
            x1['diverging_epoch'] = Container(epoch=-1, end_offset=-1)
            x1['current_leader'] = Container(leader_id=-1, leader_epoch=-1)
            x1['snapshot_id'] = Container(end_offset=-1, epoch=-1)
            x1['aborted_transactions'] = []
            x1['preferred_read_replica'] = -1
            a1.append(x1)
        x0['topic_id'] = _D_FetchResponse_v0_1
        a0.append(x0)
    obj['throttle_time_ms'] = 0
    obj['error_code'] = 0
    obj['session_id'] = 0
    obj['node_endpoints'] = []
    return obj, pos


def _FetchResponse_v0_encode(obj, w):
    # FetchResponse v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_responses = g0('responses')
    if v0_responses is None:
        v0_responses = []
    w(_pack_i(len(v0_responses)))
    for x0 in v0_responses:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic = g2('topic')
        if v2_topic is None:
            v2_topic = ''
        v2_topic_bytes = v2_topic.encode()
        w(_pack_h(len(v2_topic_bytes)))
        w(v2_topic_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_high_watermark = g4('high_watermark')
            if v4_high_watermark is None:
                v4_high_watermark = 0
            v4_records = g4('records', None)
            w(_pack_ihqi(v4_partition_index, v4_error_code, v4_high_watermark, -1 if v4_records is None else len(v4_records)))
            if v4_records is not None:
                w(v4_records)


def _FetchResponse_v1_decode(buf, pos):
    # FetchResponse v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at FetchResponse.responses")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'FetchResponse.responses')
    obj['responses'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at FetchResponse.responses[].topic")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('FetchResponse.responses[].topic')
        x0['topic'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at FetchResponse.responses[].partitions")
        if n1 > 1000000 or n1 * 18 > end - pos:
            raise _too_many(n1, end - pos, 'FetchResponse.responses[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['error_code'], x1['high_watermark'], n2 = _unpack_from_ihqi(buf, pos)
            pos += 18
            if n2 < 0:
                x1['records'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('FetchResponse.responses[].partitions[].records')
                x1['records'] = buf[pos:e2]
                pos = e2
            x1['last_stable_offset'] = -1
            x1['log_start_offset'] = -1
            x1['diverging_epoch'] = Container(epoch=-1, end_offset=-1)
            x1['current_leader'] = Container(leader_id=-1, leader_epoch=-1)
            x1['snapshot_id'] = Container(end_offset=-1, epoch=-1)
            x1['aborted_transactions'] = []
            x1['preferred_read_replica'] = -1
            a1.append(x1)
        x0['topic_id'] = _D_FetchResponse_v1_1
        a0.append(x0)
    obj['error_code'] = 0
    obj['session_id'] = 0
    obj['node_endpoints'] = []
    return obj, pos


def _FetchResponse_v1_encode(obj, w):
    # FetchResponse v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_responses = g0('responses')
    if v0_responses is None:
        v0_responses = []
    w(_pack_ii(v0_throttle_time_ms, len(v0_responses)))
    for x0 in v0_responses:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic = g2('topic')
        if v2_topic is None:
            v2_topic = ''
        v2_topic_bytes = v2_topic.encode()
        w(_pack_h(len(v2_topic_bytes)))
        w(v2_topic_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_high_watermark = g4('high_watermark')
            if v4_high_watermark is None:
                v4_high_watermark = 0
            v4_records = g4('records', None)
            w(_pack_ihqi(v4_partition_index, v4_error_code, v4_high_watermark, -1 if v4_records is None else len(v4_records)))
            if v4_records is not None:
                w(v4_records)


def _FetchResponse_v4_decode(buf, pos):
    # FetchResponse v4: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at FetchResponse.responses")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'FetchResponse.responses')
    obj['responses'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at FetchResponse.responses[].topic")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('FetchResponse.responses[].topic')
        x0['topic'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at FetchResponse.responses[].partitions")
        if n1 > 1000000 or n1 * 30 > end - pos:
            raise _too_many(n1, end - pos, 'FetchResponse.responses[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['error_code'], x1['high_watermark'], x1['last_stable_offset'], n2 = _unpack_from_ihqqi(buf, pos)
            pos += 26
            if n2 < 0:
                x1['aborted_transactions'] = None
            else:
                if n2 > 1000000 or n2 * 16 > end - pos:
                    raise _too_many(n2, end - pos, 'FetchResponse.responses[].partitions[].aborted_transactions')
                x1['aborted_transactions'] = a2 = []
                for _ in range(n2):
                    x2 = Container()
                    x2['producer_id'], x2['first_offset'] = _unpack_from_qq(buf, pos)
                    pos += 16
                    a2.append(x2)
            n2, = _unpack_from_i(buf, pos)
            pos += 4
            if n2 < 0:
                x1['records'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('FetchResponse.responses[].partitions[].records')
                x1['records'] = buf[pos:e2]
                pos = e2
            x1['log_start_offset'] = -1
            x1['diverging_epoch'] = Container(epoch=-1, end_offset=-1)
            x1['current_leader'] = Container(leader_id=-1, leader_epoch=-1)
            x1['snapshot_id'] = Container(end_offset=-1, epoch=-1)
            x1['preferred_read_replica'] = -1
            a1.append(x1)
        x0['topic_id'] = _D_FetchResponse_v4_1
        a0.append(x0)
    obj['error_code'] = 0
    obj['session_id'] = 0
    obj['node_endpoints'] = []
    return obj, pos


def _FetchResponse_v4_encode(obj, w):
    # FetchResponse v4: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_responses = g0('responses')
    if v0_responses is None:
        v0_responses = []
    w(_pack_ii(v0_throttle_time_ms, len(v0_responses)))
    for x0 in v0_responses:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic = g2('topic')
        if v2_topic is None:
            v2_topic = ''
        v2_topic_bytes = v2_topic.encode()
        w(_pack_h(len(v2_topic_bytes)))
        w(v2_topic_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_high_watermark = g4('high_watermark')
            if v4_high_watermark is None:
                v4_high_watermark = 0
            v4_last_stable_offset = g4('last_stable_offset')
            if v4_last_stable_offset is None:
                v4_last_stable_offset = -1
            v4_aborted_transactions = g4('aborted_transactions', [])
            w(_pack_ihqqi(v4_partition_index, v4_error_code, v4_high_watermark, v4_last_stable_offset, -1 if v4_aborted_transactions is None else len(v4_aborted_transactions)))
            if v4_aborted_transactions is not None:
                for x4 in v4_aborted_transactions:
                    g6 = x4.get if isinstance(x4, dict) else _getter(x4)
                    v6_producer_id = g6('producer_id')
                    if v6_producer_id is None:
                        v6_producer_id = 0
                    v6_first_offset = g6('first_offset')
                    if v6_first_offset is None:
                        v6_first_offset = 0
                    w(_pack_qq(v6_producer_id, v6_first_offset))
            v4_records = g4('records', None)
            w(_pack_i(-1 if v4_records is None else len(v4_records)))
            if v4_records is not None:
                w(v4_records)


def _FetchResponse_v5_decode(buf, pos):
    # FetchResponse v5: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at FetchResponse.responses")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'FetchResponse.responses')
    obj['responses'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at FetchResponse.responses[].topic")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('FetchResponse.responses[].topic')
        x0['topic'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at FetchResponse.responses[].partitions")
        if n1 > 1000000 or n1 * 38 > end - pos:
            raise _too_many(n1, end - pos, 'FetchResponse.responses[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['error_code'], x1['high_watermark'], x1['last_stable_offset'], x1['log_start_offset'], n2 = _unpack_from_ihqqqi(buf, pos)
            pos += 34
            if n2 < 0:
                x1['aborted_transactions'] = None
            else:
                if n2 > 1000000 or n2 * 16 > end - pos:
                    raise _too_many(n2, end - pos, 'FetchResponse.responses[].partitions[].aborted_transactions')
                x1['aborted_transactions'] = a2 = []
                for _ in range(n2):
                    x2 = Container()
                    x2['producer_id'], x2['first_offset'] = _unpack_from_qq(buf, pos)
                    pos += 16
                    a2.append(x2)
            n2, = _unpack_from_i(buf, pos)
            pos += 4
            if n2 < 0:
                x1['records'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('FetchResponse.responses[].partitions[].records')
                x1['records'] = buf[pos:e2]
                pos = e2
            x1['diverging_epoch'] = Container(epoch=-1, end_offset=-1)
            x1['current_leader'] = Container(leader_id=-1, leader_epoch=-1)
            x1['snapshot_id'] = Container(end_offset=-1, epoch=-1)
            x1['preferred_read_replica'] = -1
            a1.append(x1)
        x0['topic_id'] = _D_FetchResponse_v5_1
        a0.append(x0)
    obj['error_code'] = 0
    obj['session_id'] = 0
    obj['node_endpoints'] = []
    return obj, pos


def _FetchResponse_v5_encode(obj, w):
    # FetchResponse v5: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_responses = g0('responses')
    if v0_responses is None:
        v0_responses = []
    w(_pack_ii(v0_throttle_time_ms, len(v0_responses)))
    for x0 in v0_responses:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic = g2('topic')
        if v2_topic is None:
            v2_topic = ''
        v2_topic_bytes = v2_topic.encode()
        w(_pack_h(len(v2_topic_bytes)))
        w(v2_topic_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_high_watermark = g4('high_watermark')
            if v4_high_watermark is None:
                v4_high_watermark = 0
            v4_last_stable_offset = g4('last_stable_offset')
            if v4_last_stable_offset is None:
                v4_last_stable_offset = -1
            v4_log_start_offset = g4('log_start_offset')
            if v4_log_start_offset is None:
                v4_log_start_offset = -1
            v4_aborted_transactions = g4('aborted_transactions', [])
            w(_pack_ihqqqi(v4_partition_index, v4_error_code, v4_high_watermark, v4_last_stable_offset, v4_log_start_offset, -1 if v4_aborted_transactions is None else len(v4_aborted_transactions)))
            if v4_aborted_transactions is not None:
                for x4 in v4_aborted_transactions:
                    g6 = x4.get if isinstance(x4, dict) else _getter(x4)
                    v6_producer_id = g6('producer_id')
                    if v6_producer_id is None:
                        v6_producer_id = 0
                    v6_first_offset = g6('first_offset')
                    if v6_first_offset is None:
                        v6_first_offset = 0
                    w(_pack_qq(v6_producer_id, v6_first_offset))
            v4_records = g4('records', None)
            w(_pack_i(-1 if v4_records is None else len(v4_records)))
            if v4_records is not None:
                w(v4_records)


def _FetchResponse_v7_decode(buf, pos):
    # FetchResponse v7: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], obj['error_code'], obj['session_id'], n0 = _unpack_from_ihii(buf, pos)
    pos += 14
    if n0 < 0:
        raise _Err("null in non-nullable array at FetchResponse.responses")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'FetchResponse.responses')
    obj['responses'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at FetchResponse.responses[].topic")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('FetchResponse.responses[].topic')
        x0['topic'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at FetchResponse.responses[].partitions")
        if n1 > 1000000 or n1 * 38 > end - pos:
            raise _too_many(n1, end - pos, 'FetchResponse.responses[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['error_code'], x1['high_watermark'], x1['last_stable_offset'], x1['log_start_offset'], n2 = _unpack_from_ihqqqi(buf, pos)
            pos += 34
            if n2 < 0:
                x1['aborted_transactions'] = None
            else:
                if n2 > 1000000 or n2 * 16 > end - pos:
                    raise _too_many(n2, end - pos, 'FetchResponse.responses[].partitions[].aborted_transactions')
                x1['aborted_transactions'] = a2 = []
                for _ in range(n2):
                    x2 = Container()
                    x2['producer_id'], x2['first_offset'] = _unpack_from_qq(buf, pos)
                    pos += 16
                    a2.append(x2)
            n2, = _unpack_from_i(buf, pos)
            pos += 4
            if n2 < 0:
                x1['records'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('FetchResponse.responses[].partitions[].records')
                x1['records'] = buf[pos:e2]
                pos = e2
            x1['diverging_epoch'] = Container(epoch=-1, end_offset=-1)
            x1['current_leader'] = Container(leader_id=-1, leader_epoch=-1)
            x1['snapshot_id'] = Container(end_offset=-1, epoch=-1)
            x1['preferred_read_replica'] = -1
            a1.append(x1)
        x0['topic_id'] = _D_FetchResponse_v7_1
        a0.append(x0)
    obj['node_endpoints'] = []
    return obj, pos


def _FetchResponse_v7_encode(obj, w):
    # FetchResponse v7: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_session_id = g0('session_id')
    if v0_session_id is None:
        v0_session_id = 0
    v0_responses = g0('responses')
    if v0_responses is None:
        v0_responses = []
    w(_pack_ihii(v0_throttle_time_ms, v0_error_code, v0_session_id, len(v0_responses)))
    for x0 in v0_responses:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic = g2('topic')
        if v2_topic is None:
            v2_topic = ''
        v2_topic_bytes = v2_topic.encode()
        w(_pack_h(len(v2_topic_bytes)))
        w(v2_topic_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_high_watermark = g4('high_watermark')
            if v4_high_watermark is None:
                v4_high_watermark = 0
            v4_last_stable_offset = g4('last_stable_offset')
            if v4_last_stable_offset is None:
                v4_last_stable_offset = -1
            v4_log_start_offset = g4('log_start_offset')
            if v4_log_start_offset is None:
                v4_log_start_offset = -1
            v4_aborted_transactions = g4('aborted_transactions', [])
            w(_pack_ihqqqi(v4_partition_index, v4_error_code, v4_high_watermark, v4_last_stable_offset, v4_log_start_offset, -1 if v4_aborted_transactions is None else len(v4_aborted_transactions)))
            if v4_aborted_transactions is not None:
                for x4 in v4_aborted_transactions:
                    g6 = x4.get if isinstance(x4, dict) else _getter(x4)
                    v6_producer_id = g6('producer_id')
                    if v6_producer_id is None:
                        v6_producer_id = 0
                    v6_first_offset = g6('first_offset')
                    if v6_first_offset is None:
                        v6_first_offset = 0
                    w(_pack_qq(v6_producer_id, v6_first_offset))
            v4_records = g4('records', None)
            w(_pack_i(-1 if v4_records is None else len(v4_records)))
            if v4_records is not None:
                w(v4_records)


def _FetchResponse_v11_decode(buf, pos):
    # FetchResponse v11: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], obj['error_code'], obj['session_id'], n0 = _unpack_from_ihii(buf, pos)
    pos += 14
    if n0 < 0:
        raise _Err("null in non-nullable array at FetchResponse.responses")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'FetchResponse.responses')
    obj['responses'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at FetchResponse.responses[].topic")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('FetchResponse.responses[].topic')
        x0['topic'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at FetchResponse.responses[].partitions")
        if n1 > 1000000 or n1 * 42 > end - pos:
            raise _too_many(n1, end - pos, 'FetchResponse.responses[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['error_code'], x1['high_watermark'], x1['last_stable_offset'], x1['log_start_offset'], n2 = _unpack_from_ihqqqi(buf, pos)
            pos += 34
            if n2 < 0:
                x1['aborted_transactions'] = None
            else:
                if n2 > 1000000 or n2 * 16 > end - pos:
                    raise _too_many(n2, end - pos, 'FetchResponse.responses[].partitions[].aborted_transactions')
                x1['aborted_transactions'] = a2 = []
                for _ in range(n2):
                    x2 = Container()
                    x2['producer_id'], x2['first_offset'] = _unpack_from_qq(buf, pos)
                    pos += 16
                    a2.append(x2)
            x1['preferred_read_replica'], n2 = _unpack_from_ii(buf, pos)
            pos += 8
            if n2 < 0:
                x1['records'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('FetchResponse.responses[].partitions[].records')
                x1['records'] = buf[pos:e2]
                pos = e2
            x1['diverging_epoch'] = Container(epoch=-1, end_offset=-1)
            x1['current_leader'] = Container(leader_id=-1, leader_epoch=-1)
            x1['snapshot_id'] = Container(end_offset=-1, epoch=-1)
            a1.append(x1)
        x0['topic_id'] = _D_FetchResponse_v11_1
        a0.append(x0)
    obj['node_endpoints'] = []
    return obj, pos


def _FetchResponse_v11_encode(obj, w):
    # FetchResponse v11: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_session_id = g0('session_id')
    if v0_session_id is None:
        v0_session_id = 0
    v0_responses = g0('responses')
    if v0_responses is None:
        v0_responses = []
    w(_pack_ihii(v0_throttle_time_ms, v0_error_code, v0_session_id, len(v0_responses)))
    for x0 in v0_responses:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic = g2('topic')
        if v2_topic is None:
            v2_topic = ''
        v2_topic_bytes = v2_topic.encode()
        w(_pack_h(len(v2_topic_bytes)))
        w(v2_topic_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_high_watermark = g4('high_watermark')
            if v4_high_watermark is None:
                v4_high_watermark = 0
            v4_last_stable_offset = g4('last_stable_offset')
            if v4_last_stable_offset is None:
                v4_last_stable_offset = -1
            v4_log_start_offset = g4('log_start_offset')
            if v4_log_start_offset is None:
                v4_log_start_offset = -1
            v4_aborted_transactions = g4('aborted_transactions', [])
            w(_pack_ihqqqi(v4_partition_index, v4_error_code, v4_high_watermark, v4_last_stable_offset, v4_log_start_offset, -1 if v4_aborted_transactions is None else len(v4_aborted_transactions)))
            if v4_aborted_transactions is not None:
                for x4 in v4_aborted_transactions:
                    g6 = x4.get if isinstance(x4, dict) else _getter(x4)
                    v6_producer_id = g6('producer_id')
                    if v6_producer_id is None:
                        v6_producer_id = 0
                    v6_first_offset = g6('first_offset')
                    if v6_first_offset is None:
                        v6_first_offset = 0
                    w(_pack_qq(v6_producer_id, v6_first_offset))
            v4_preferred_read_replica = g4('preferred_read_replica')
            if v4_preferred_read_replica is None:
                v4_preferred_read_replica = -1
            v4_records = g4('records', None)
            w(_pack_ii(v4_preferred_read_replica, -1 if v4_records is None else len(v4_records)))
            if v4_records is not None:
                w(v4_records)


def _FetchResponse_v12_decode(buf, pos):
    # FetchResponse v12: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], obj['error_code'], obj['session_id'] = _unpack_from_ihi(buf, pos)
    pos += 10
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at FetchResponse.responses")
    n1 -= 1
    if n1 > 1000000 or n1 * 3 > end - pos:
        raise _too_many(n1, end - pos, 'FetchResponse.responses')
    obj['responses'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at FetchResponse.responses[].topic")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('FetchResponse.responses[].topic')
        x1['topic'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at FetchResponse.responses[].partitions")
        n3 -= 1
        if n3 > 1000000 or n3 * 37 > end - pos:
            raise _too_many(n3, end - pos, 'FetchResponse.responses[].partitions')
        x1['partitions'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['partition_index'], x3['error_code'], x3['high_watermark'], x3['last_stable_offset'], x3['log_start_offset'] = _unpack_from_ihqqq(buf, pos)
            pos += 30
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                x3['aborted_transactions'] = None
            else:
                n5 -= 1
                if n5 > 1000000 or n5 * 17 > end - pos:
                    raise _too_many(n5, end - pos, 'FetchResponse.responses[].partitions[].aborted_transactions')
                x3['aborted_transactions'] = a5 = []
                for _ in range(n5):
                    x5 = Container()
                    x5['producer_id'], x5['first_offset'] = _unpack_from_qq(buf, pos)
                    pos += 16
                    if buf[pos]:  # tagged fields
                        pos = _read_tags(buf, pos, x5, _NO_TAGS, 'FetchResponse.responses[].partitions[].aborted_transactions[]')
                    else:
                        pos += 1
                    a5.append(x5)
            x3['preferred_read_replica'], = _unpack_from_i(buf, pos)
            pos += 4
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                x3['records'] = None
            else:
                n5 -= 1
                e5 = pos + n5
                if e5 > end:
                    raise _truncated('FetchResponse.responses[].partitions[].records')
                x3['records'] = buf[pos:e5]
                pos = e5
            x3['diverging_epoch'] = Container(epoch=-1, end_offset=-1)
            x3['current_leader'] = Container(leader_id=-1, leader_epoch=-1)
            x3['snapshot_id'] = Container(end_offset=-1, epoch=-1)
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _TAGS_FetchResponse_v12_4, 'FetchResponse.responses[].partitions[]')
            else:
                pos += 1
            a3.append(x3)
        x1['topic_id'] = _D_FetchResponse_v12_5
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'FetchResponse.responses[]')
        else:
            pos += 1
        a1.append(x1)
    obj['node_endpoints'] = []
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'FetchResponse')
    else:
        pos += 1
    return obj, pos


def _decode_tag_diverging_epoch__FetchResponse_v12_1(buf):
    # tagged field 0 of FetchResponse.responses[].partitions[], read from its own bytes
    end = len(buf)
    pos = 0
    value = Container()
    value['epoch'], value['end_offset'] = _unpack_from_iq(buf, pos)
    pos += 12
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, value, _NO_TAGS, 'FetchResponse.responses[].partitions[].diverging_epoch')
    else:
        pos += 1
    return value


def _decode_tag_current_leader__FetchResponse_v12_2(buf):
    # tagged field 1 of FetchResponse.responses[].partitions[], read from its own bytes
    end = len(buf)
    pos = 0
    value = Container()
    value['leader_id'], value['leader_epoch'] = _unpack_from_ii(buf, pos)
    pos += 8
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, value, _NO_TAGS, 'FetchResponse.responses[].partitions[].current_leader')
    else:
        pos += 1
    return value


def _decode_tag_snapshot_id__FetchResponse_v12_3(buf):
    # tagged field 2 of FetchResponse.responses[].partitions[], read from its own bytes
    end = len(buf)
    pos = 0
    value = Container()
    value['end_offset'], value['epoch'] = _unpack_from_qi(buf, pos)
    pos += 12
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, value, _NO_TAGS, 'FetchResponse.responses[].partitions[].snapshot_id')
    else:
        pos += 1
    return value


def _FetchResponse_v12_encode(obj, w):
    # FetchResponse v12: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_session_id = g0('session_id')
    if v0_session_id is None:
        v0_session_id = 0
    v0_responses = g0('responses')
    if v0_responses is None:
        v0_responses = []
    w(_pack_ihi(v0_throttle_time_ms, v0_error_code, v0_session_id))
    n0 = len(v0_responses) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_responses:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic = g2('topic')
        if v2_topic is None:
            v2_topic = ''
        v2_topic_bytes = v2_topic.encode()
        n2 = len(v2_topic_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_topic_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_high_watermark = g4('high_watermark')
            if v4_high_watermark is None:
                v4_high_watermark = 0
            v4_last_stable_offset = g4('last_stable_offset')
            if v4_last_stable_offset is None:
                v4_last_stable_offset = -1
            v4_log_start_offset = g4('log_start_offset')
            if v4_log_start_offset is None:
                v4_log_start_offset = -1
            v4_aborted_transactions = g4('aborted_transactions', [])
            w(_pack_ihqqq(v4_partition_index, v4_error_code, v4_high_watermark, v4_last_stable_offset, v4_log_start_offset))
            if v4_aborted_transactions is None:
                w(b'\x00')
            else:
                n4 = len(v4_aborted_transactions) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                for x4 in v4_aborted_transactions:
                    g6 = x4.get if isinstance(x4, dict) else _getter(x4)
                    v6_producer_id = g6('producer_id')
                    if v6_producer_id is None:
                        v6_producer_id = 0
                    v6_first_offset = g6('first_offset')
                    if v6_first_offset is None:
                        v6_first_offset = 0
                    w(_pack_qq(v6_producer_id, v6_first_offset))
                    u6 = g6('_unknown_tags', None)
                    if u6:
                        _write_tags(w, sorted(u6.items()))
                    else:
                        w(b'\x00')  # no tagged fields
            v4_preferred_read_replica = g4('preferred_read_replica')
            if v4_preferred_read_replica is None:
                v4_preferred_read_replica = -1
            v4_records = g4('records', None)
            w(_pack_i(v4_preferred_read_replica))
            if v4_records is None:
                w(b'\x00')
            else:
                n4 = len(v4_records) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_records)
            t4 = []
            u4 = g4('diverging_epoch', _D_FetchResponse_v12_6)
            if not u4 == _D_FetchResponse_v12_6:  # tagged fields at their default are not written
                t4.append((0, _encode_tag_diverging_epoch__FetchResponse_v12_7(u4)))
            u4 = g4('current_leader', _D_FetchResponse_v12_8)
            if not u4 == _D_FetchResponse_v12_8:  # tagged fields at their default are not written
                t4.append((1, _encode_tag_current_leader__FetchResponse_v12_9(u4)))
            u4 = g4('snapshot_id', _D_FetchResponse_v12_10)
            if not u4 == _D_FetchResponse_v12_10:  # tagged fields at their default are not written
                t4.append((2, _encode_tag_snapshot_id__FetchResponse_v12_11(u4)))
            u4 = g4('_unknown_tags', None)
            if u4:
                t4.extend(u4.items())
                t4.sort()
            if t4:
                _write_tags(w, t4)
            else:
                w(b'\x00')
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _encode_tag_diverging_epoch__FetchResponse_v12_7(value):
    # tagged field 0 at FetchResponse.responses[].partitions[].diverging_epoch, as its own bytes
    out = []
    w = out.append
    g2 = value.get if isinstance(value, dict) else _getter(value)
    v2_epoch = g2('epoch')
    if v2_epoch is None:
        v2_epoch = -1
    v2_end_offset = g2('end_offset')
    if v2_end_offset is None:
        v2_end_offset = -1
    w(_pack_iq(v2_epoch, v2_end_offset))
    u2 = g2('_unknown_tags', None)
    if u2:
        _write_tags(w, sorted(u2.items()))
    else:
        w(b'\x00')  # no tagged fields
    return b''.join(out)


def _encode_tag_current_leader__FetchResponse_v12_9(value):
    # tagged field 1 at FetchResponse.responses[].partitions[].current_leader, as its own bytes
    out = []
    w = out.append
    g2 = value.get if isinstance(value, dict) else _getter(value)
    v2_leader_id = g2('leader_id')
    if v2_leader_id is None:
        v2_leader_id = -1
    v2_leader_epoch = g2('leader_epoch')
    if v2_leader_epoch is None:
        v2_leader_epoch = -1
    w(_pack_ii(v2_leader_id, v2_leader_epoch))
    u2 = g2('_unknown_tags', None)
    if u2:
        _write_tags(w, sorted(u2.items()))
    else:
        w(b'\x00')  # no tagged fields
    return b''.join(out)


def _encode_tag_snapshot_id__FetchResponse_v12_11(value):
    # tagged field 2 at FetchResponse.responses[].partitions[].snapshot_id, as its own bytes
    out = []
    w = out.append
    g2 = value.get if isinstance(value, dict) else _getter(value)
    v2_end_offset = g2('end_offset')
    if v2_end_offset is None:
        v2_end_offset = -1
    v2_epoch = g2('epoch')
    if v2_epoch is None:
        v2_epoch = -1
    w(_pack_qi(v2_end_offset, v2_epoch))
    u2 = g2('_unknown_tags', None)
    if u2:
        _write_tags(w, sorted(u2.items()))
    else:
        w(b'\x00')  # no tagged fields
    return b''.join(out)


def _FetchResponse_v13_decode(buf, pos):
    # FetchResponse v13: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], obj['error_code'], obj['session_id'] = _unpack_from_ihi(buf, pos)
    pos += 10
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at FetchResponse.responses")
    n1 -= 1
    if n1 > 1000000 or n1 * 18 > end - pos:
        raise _too_many(n1, end - pos, 'FetchResponse.responses')
    obj['responses'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['topic_id'], = _unpack_from_16s(buf, pos)
        pos += 16
        x1['topic_id'] = _uuid(x1['topic_id'])
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at FetchResponse.responses[].partitions")
        n3 -= 1
        if n3 > 1000000 or n3 * 37 > end - pos:
            raise _too_many(n3, end - pos, 'FetchResponse.responses[].partitions')
        x1['partitions'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['partition_index'], x3['error_code'], x3['high_watermark'], x3['last_stable_offset'], x3['log_start_offset'] = _unpack_from_ihqqq(buf, pos)
            pos += 30
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                x3['aborted_transactions'] = None
            else:
                n5 -= 1
                if n5 > 1000000 or n5 * 17 > end - pos:
                    raise _too_many(n5, end - pos, 'FetchResponse.responses[].partitions[].aborted_transactions')
                x3['aborted_transactions'] = a5 = []
                for _ in range(n5):
                    x5 = Container()
                    x5['producer_id'], x5['first_offset'] = _unpack_from_qq(buf, pos)
                    pos += 16
                    if buf[pos]:  # tagged fields
                        pos = _read_tags(buf, pos, x5, _NO_TAGS, 'FetchResponse.responses[].partitions[].aborted_transactions[]')
                    else:
                        pos += 1
                    a5.append(x5)
            x3['preferred_read_replica'], = _unpack_from_i(buf, pos)
            pos += 4
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                x3['records'] = None
            else:
                n5 -= 1
                e5 = pos + n5
                if e5 > end:
                    raise _truncated('FetchResponse.responses[].partitions[].records')
                x3['records'] = buf[pos:e5]
                pos = e5
            x3['diverging_epoch'] = Container(epoch=-1, end_offset=-1)
            x3['current_leader'] = Container(leader_id=-1, leader_epoch=-1)
            x3['snapshot_id'] = Container(end_offset=-1, epoch=-1)
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _TAGS_FetchResponse_v13_4, 'FetchResponse.responses[].partitions[]')
            else:
                pos += 1
            a3.append(x3)
        x1['topic'] = ''
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'FetchResponse.responses[]')
        else:
            pos += 1
        a1.append(x1)
    obj['node_endpoints'] = []
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'FetchResponse')
    else:
        pos += 1
    return obj, pos


def _decode_tag_diverging_epoch__FetchResponse_v13_1(buf):
    # tagged field 0 of FetchResponse.responses[].partitions[], read from its own bytes
    end = len(buf)
    pos = 0
    value = Container()
    value['epoch'], value['end_offset'] = _unpack_from_iq(buf, pos)
    pos += 12
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, value, _NO_TAGS, 'FetchResponse.responses[].partitions[].diverging_epoch')
    else:
        pos += 1
    return value


def _decode_tag_current_leader__FetchResponse_v13_2(buf):
    # tagged field 1 of FetchResponse.responses[].partitions[], read from its own bytes
    end = len(buf)
    pos = 0
    value = Container()
    value['leader_id'], value['leader_epoch'] = _unpack_from_ii(buf, pos)
    pos += 8
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, value, _NO_TAGS, 'FetchResponse.responses[].partitions[].current_leader')
    else:
        pos += 1
    return value


def _decode_tag_snapshot_id__FetchResponse_v13_3(buf):
    # tagged field 2 of FetchResponse.responses[].partitions[], read from its own bytes
    end = len(buf)
    pos = 0
    value = Container()
    value['end_offset'], value['epoch'] = _unpack_from_qi(buf, pos)
    pos += 12
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, value, _NO_TAGS, 'FetchResponse.responses[].partitions[].snapshot_id')
    else:
        pos += 1
    return value


def _FetchResponse_v13_encode(obj, w):
    # FetchResponse v13: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_session_id = g0('session_id')
    if v0_session_id is None:
        v0_session_id = 0
    v0_responses = g0('responses')
    if v0_responses is None:
        v0_responses = []
    w(_pack_ihi(v0_throttle_time_ms, v0_error_code, v0_session_id))
    n0 = len(v0_responses) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_responses:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_FetchResponse_v13_5
        w(v2_topic_id.bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_high_watermark = g4('high_watermark')
            if v4_high_watermark is None:
                v4_high_watermark = 0
            v4_last_stable_offset = g4('last_stable_offset')
            if v4_last_stable_offset is None:
                v4_last_stable_offset = -1
            v4_log_start_offset = g4('log_start_offset')
            if v4_log_start_offset is None:
                v4_log_start_offset = -1
            v4_aborted_transactions = g4('aborted_transactions', [])
            w(_pack_ihqqq(v4_partition_index, v4_error_code, v4_high_watermark, v4_last_stable_offset, v4_log_start_offset))
            if v4_aborted_transactions is None:
                w(b'\x00')
            else:
                n4 = len(v4_aborted_transactions) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                for x4 in v4_aborted_transactions:
                    g6 = x4.get if isinstance(x4, dict) else _getter(x4)
                    v6_producer_id = g6('producer_id')
                    if v6_producer_id is None:
                        v6_producer_id = 0
                    v6_first_offset = g6('first_offset')
                    if v6_first_offset is None:
                        v6_first_offset = 0
                    w(_pack_qq(v6_producer_id, v6_first_offset))
                    u6 = g6('_unknown_tags', None)
                    if u6:
                        _write_tags(w, sorted(u6.items()))
                    else:
                        w(b'\x00')  # no tagged fields
            v4_preferred_read_replica = g4('preferred_read_replica')
            if v4_preferred_read_replica is None:
                v4_preferred_read_replica = -1
            v4_records = g4('records', None)
            w(_pack_i(v4_preferred_read_replica))
            if v4_records is None:
                w(b'\x00')
            else:
                n4 = len(v4_records) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_records)
            t4 = []
            u4 = g4('diverging_epoch', _D_FetchResponse_v13_6)
            if not u4 == _D_FetchResponse_v13_6:  # tagged fields at their default are not written
                t4.append((0, _encode_tag_diverging_epoch__FetchResponse_v13_7(u4)))
            u4 = g4('current_leader', _D_FetchResponse_v13_8)
            if not u4 == _D_FetchResponse_v13_8:  # tagged fields at their default are not written
                t4.append((1, _encode_tag_current_leader__FetchResponse_v13_9(u4)))
            u4 = g4('snapshot_id', _D_FetchResponse_v13_10)
            if not u4 == _D_FetchResponse_v13_10:  # tagged fields at their default are not written
                t4.append((2, _encode_tag_snapshot_id__FetchResponse_v13_11(u4)))
            u4 = g4('_unknown_tags', None)
            if u4:
                t4.extend(u4.items())
                t4.sort()
            if t4:
                _write_tags(w, t4)
            else:
                w(b'\x00')
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _encode_tag_diverging_epoch__FetchResponse_v13_7(value):
    # tagged field 0 at FetchResponse.responses[].partitions[].diverging_epoch, as its own bytes
    out = []
    w = out.append
    g2 = value.get if isinstance(value, dict) else _getter(value)
    v2_epoch = g2('epoch')
    if v2_epoch is None:
        v2_epoch = -1
    v2_end_offset = g2('end_offset')
    if v2_end_offset is None:
        v2_end_offset = -1
    w(_pack_iq(v2_epoch, v2_end_offset))
    u2 = g2('_unknown_tags', None)
    if u2:
        _write_tags(w, sorted(u2.items()))
    else:
        w(b'\x00')  # no tagged fields
    return b''.join(out)


def _encode_tag_current_leader__FetchResponse_v13_9(value):
    # tagged field 1 at FetchResponse.responses[].partitions[].current_leader, as its own bytes
    out = []
    w = out.append
    g2 = value.get if isinstance(value, dict) else _getter(value)
    v2_leader_id = g2('leader_id')
    if v2_leader_id is None:
        v2_leader_id = -1
    v2_leader_epoch = g2('leader_epoch')
    if v2_leader_epoch is None:
        v2_leader_epoch = -1
    w(_pack_ii(v2_leader_id, v2_leader_epoch))
    u2 = g2('_unknown_tags', None)
    if u2:
        _write_tags(w, sorted(u2.items()))
    else:
        w(b'\x00')  # no tagged fields
    return b''.join(out)


def _encode_tag_snapshot_id__FetchResponse_v13_11(value):
    # tagged field 2 at FetchResponse.responses[].partitions[].snapshot_id, as its own bytes
    out = []
    w = out.append
    g2 = value.get if isinstance(value, dict) else _getter(value)
    v2_end_offset = g2('end_offset')
    if v2_end_offset is None:
        v2_end_offset = -1
    v2_epoch = g2('epoch')
    if v2_epoch is None:
        v2_epoch = -1
    w(_pack_qi(v2_end_offset, v2_epoch))
    u2 = g2('_unknown_tags', None)
    if u2:
        _write_tags(w, sorted(u2.items()))
    else:
        w(b'\x00')  # no tagged fields
    return b''.join(out)


def _FetchResponse_v16_decode(buf, pos):
    # FetchResponse v16: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], obj['error_code'], obj['session_id'] = _unpack_from_ihi(buf, pos)
    pos += 10
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at FetchResponse.responses")
    n1 -= 1
    if n1 > 1000000 or n1 * 18 > end - pos:
        raise _too_many(n1, end - pos, 'FetchResponse.responses')
    obj['responses'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['topic_id'], = _unpack_from_16s(buf, pos)
        pos += 16
        x1['topic_id'] = _uuid(x1['topic_id'])
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at FetchResponse.responses[].partitions")
        n3 -= 1
        if n3 > 1000000 or n3 * 37 > end - pos:
            raise _too_many(n3, end - pos, 'FetchResponse.responses[].partitions')
        x1['partitions'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['partition_index'], x3['error_code'], x3['high_watermark'], x3['last_stable_offset'], x3['log_start_offset'] = _unpack_from_ihqqq(buf, pos)
            pos += 30
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                x3['aborted_transactions'] = None
            else:
                n5 -= 1
                if n5 > 1000000 or n5 * 17 > end - pos:
                    raise _too_many(n5, end - pos, 'FetchResponse.responses[].partitions[].aborted_transactions')
                x3['aborted_transactions'] = a5 = []
                for _ in range(n5):
                    x5 = Container()
                    x5['producer_id'], x5['first_offset'] = _unpack_from_qq(buf, pos)
                    pos += 16
                    if buf[pos]:  # tagged fields
                        pos = _read_tags(buf, pos, x5, _NO_TAGS, 'FetchResponse.responses[].partitions[].aborted_transactions[]')
                    else:
                        pos += 1
                    a5.append(x5)
            x3['preferred_read_replica'], = _unpack_from_i(buf, pos)
            pos += 4
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                x3['records'] = None
            else:
                n5 -= 1
                e5 = pos + n5
                if e5 > end:
                    raise _truncated('FetchResponse.responses[].partitions[].records')
                x3['records'] = buf[pos:e5]
                pos = e5
            x3['diverging_epoch'] = Container(epoch=-1, end_offset=-1)
            x3['current_leader'] = Container(leader_id=-1, leader_epoch=-1)
            x3['snapshot_id'] = Container(end_offset=-1, epoch=-1)
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _TAGS_FetchResponse_v16_4, 'FetchResponse.responses[].partitions[]')
            else:
                pos += 1
            a3.append(x3)
        x1['topic'] = ''
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'FetchResponse.responses[]')
        else:
            pos += 1
        a1.append(x1)
    obj['node_endpoints'] = []
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _TAGS_FetchResponse_v16_6, 'FetchResponse')
    else:
        pos += 1
    return obj, pos


def _decode_tag_diverging_epoch__FetchResponse_v16_1(buf):
    # tagged field 0 of FetchResponse.responses[].partitions[], read from its own bytes
    end = len(buf)
    pos = 0
    value = Container()
    value['epoch'], value['end_offset'] = _unpack_from_iq(buf, pos)
    pos += 12
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, value, _NO_TAGS, 'FetchResponse.responses[].partitions[].diverging_epoch')
    else:
        pos += 1
    return value


def _decode_tag_current_leader__FetchResponse_v16_2(buf):
    # tagged field 1 of FetchResponse.responses[].partitions[], read from its own bytes
    end = len(buf)
    pos = 0
    value = Container()
    value['leader_id'], value['leader_epoch'] = _unpack_from_ii(buf, pos)
    pos += 8
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, value, _NO_TAGS, 'FetchResponse.responses[].partitions[].current_leader')
    else:
        pos += 1
    return value


def _decode_tag_snapshot_id__FetchResponse_v16_3(buf):
    # tagged field 2 of FetchResponse.responses[].partitions[], read from its own bytes
    end = len(buf)
    pos = 0
    value = Container()
    value['end_offset'], value['epoch'] = _unpack_from_qi(buf, pos)
    pos += 12
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, value, _NO_TAGS, 'FetchResponse.responses[].partitions[].snapshot_id')
    else:
        pos += 1
    return value


def _decode_tag_node_endpoints__FetchResponse_v16_5(buf):
    # tagged field 0 of FetchResponse, read from its own bytes
    end = len(buf)
    pos = 0
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at FetchResponse.node_endpoints")
    n1 -= 1
    if n1 > 1000000 or n1 * 11 > end - pos:
        raise _too_many(n1, end - pos, 'FetchResponse.node_endpoints')
    value = []
    for _ in range(n1):
        x1 = Container()
        x1['node_id'], = _unpack_from_i(buf, pos)
        pos += 4
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at FetchResponse.node_endpoints[].host")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('FetchResponse.node_endpoints[].host')
        x1['host'] = buf[pos:e3].decode()
        pos = e3
        x1['port'], = _unpack_from_i(buf, pos)
        pos += 4
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            x1['rack'] = None
        else:
            n3 -= 1
            e3 = pos + n3
            if e3 > end:
                raise _truncated('FetchResponse.node_endpoints[].rack')
            x1['rack'] = buf[pos:e3].decode()
            pos = e3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'FetchResponse.node_endpoints[]')
        else:
            pos += 1
        value.append(x1)
    return value


def _FetchResponse_v16_encode(obj, w):
    # FetchResponse v16: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_session_id = g0('session_id')
    if v0_session_id is None:
        v0_session_id = 0
    v0_responses = g0('responses')
    if v0_responses is None:
        v0_responses = []
    w(_pack_ihi(v0_throttle_time_ms, v0_error_code, v0_session_id))
    n0 = len(v0_responses) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_responses:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_FetchResponse_v16_7
        w(v2_topic_id.bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_high_watermark = g4('high_watermark')
            if v4_high_watermark is None:
                v4_high_watermark = 0
            v4_last_stable_offset = g4('last_stable_offset')
            if v4_last_stable_offset is None:
                v4_last_stable_offset = -1
            v4_log_start_offset = g4('log_start_offset')
            if v4_log_start_offset is None:
                v4_log_start_offset = -1
            v4_aborted_transactions = g4('aborted_transactions', [])
            w(_pack_ihqqq(v4_partition_index, v4_error_code, v4_high_watermark, v4_last_stable_offset, v4_log_start_offset))
            if v4_aborted_transactions is None:
                w(b'\x00')
            else:
                n4 = len(v4_aborted_transactions) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                for x4 in v4_aborted_transactions:
                    g6 = x4.get if isinstance(x4, dict) else _getter(x4)
                    v6_producer_id = g6('producer_id')
                    if v6_producer_id is None:
                        v6_producer_id = 0
                    v6_first_offset = g6('first_offset')
                    if v6_first_offset is None:
                        v6_first_offset = 0
                    w(_pack_qq(v6_producer_id, v6_first_offset))
                    u6 = g6('_unknown_tags', None)
                    if u6:
                        _write_tags(w, sorted(u6.items()))
                    else:
                        w(b'\x00')  # no tagged fields
            v4_preferred_read_replica = g4('preferred_read_replica')
            if v4_preferred_read_replica is None:
                v4_preferred_read_replica = -1
            v4_records = g4('records', None)
            w(_pack_i(v4_preferred_read_replica))
            if v4_records is None:
                w(b'\x00')
            else:
                n4 = len(v4_records) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_records)
            t4 = []
            u4 = g4('diverging_epoch', _D_FetchResponse_v16_8)
            if not u4 == _D_FetchResponse_v16_8:  # tagged fields at their default are not written
                t4.append((0, _encode_tag_diverging_epoch__FetchResponse_v16_9(u4)))
            u4 = g4('current_leader', _D_FetchResponse_v16_10)
            if not u4 == _D_FetchResponse_v16_10:  # tagged fields at their default are not written
                t4.append((1, _encode_tag_current_leader__FetchResponse_v16_11(u4)))
            u4 = g4('snapshot_id', _D_FetchResponse_v16_12)
            if not u4 == _D_FetchResponse_v16_12:  # tagged fields at their default are not written
                t4.append((2, _encode_tag_snapshot_id__FetchResponse_v16_13(u4)))
            u4 = g4('_unknown_tags', None)
            if u4:
                t4.extend(u4.items())
                t4.sort()
            if t4:
                _write_tags(w, t4)
            else:
                w(b'\x00')
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    t0 = []
    u0 = g0('node_endpoints', [])
    if not u0 == []:  # tagged fields at their default are not written
        t0.append((0, _encode_tag_node_endpoints__FetchResponse_v16_14(u0)))
    u0 = g0('_unknown_tags', None)
    if u0:
        t0.extend(u0.items())
        t0.sort()
    if t0:
        _write_tags(w, t0)
    else:
        w(b'\x00')


def _encode_tag_diverging_epoch__FetchResponse_v16_9(value):
    # tagged field 0 at FetchResponse.responses[].partitions[].diverging_epoch, as its own bytes
    out = []
    w = out.append
    g2 = value.get if isinstance(value, dict) else _getter(value)
    v2_epoch = g2('epoch')
    if v2_epoch is None:
        v2_epoch = -1
    v2_end_offset = g2('end_offset')
    if v2_end_offset is None:
        v2_end_offset = -1
    w(_pack_iq(v2_epoch, v2_end_offset))
    u2 = g2('_unknown_tags', None)
    if u2:
        _write_tags(w, sorted(u2.items()))
    else:
        w(b'\x00')  # no tagged fields
    return b''.join(out)


def _encode_tag_current_leader__FetchResponse_v16_11(value):
    # tagged field 1 at FetchResponse.responses[].partitions[].current_leader, as its own bytes
    out = []
    w = out.append
    g2 = value.get if isinstance(value, dict) else _getter(value)
    v2_leader_id = g2('leader_id')
    if v2_leader_id is None:
        v2_leader_id = -1
    v2_leader_epoch = g2('leader_epoch')
    if v2_leader_epoch is None:
        v2_leader_epoch = -1
    w(_pack_ii(v2_leader_id, v2_leader_epoch))
    u2 = g2('_unknown_tags', None)
    if u2:
        _write_tags(w, sorted(u2.items()))
    else:
        w(b'\x00')  # no tagged fields
    return b''.join(out)


def _encode_tag_snapshot_id__FetchResponse_v16_13(value):
    # tagged field 2 at FetchResponse.responses[].partitions[].snapshot_id, as its own bytes
    out = []
    w = out.append
    g2 = value.get if isinstance(value, dict) else _getter(value)
    v2_end_offset = g2('end_offset')
    if v2_end_offset is None:
        v2_end_offset = -1
    v2_epoch = g2('epoch')
    if v2_epoch is None:
        v2_epoch = -1
    w(_pack_qi(v2_end_offset, v2_epoch))
    u2 = g2('_unknown_tags', None)
    if u2:
        _write_tags(w, sorted(u2.items()))
    else:
        w(b'\x00')  # no tagged fields
    return b''.join(out)


def _encode_tag_node_endpoints__FetchResponse_v16_14(value):
    # tagged field 0 at FetchResponse.node_endpoints, as its own bytes
    out = []
    w = out.append
    if value is None:
        raise _null_build('array', 'FetchResponse.node_endpoints')
    n1 = len(value) + 1
    w(_UV[n1] if n1 < 128 else _uv(n1))
    for x1 in value:
        g3 = x1.get if isinstance(x1, dict) else _getter(x1)
        v3_node_id = g3('node_id')
        if v3_node_id is None:
            v3_node_id = 0
        v3_host = g3('host')
        if v3_host is None:
            v3_host = ''
        v3_host_bytes = v3_host.encode()
        w(_pack_i(v3_node_id))
        n3 = len(v3_host_bytes) + 1
        w(_UV[n3] if n3 < 128 else _uv(n3))
        w(v3_host_bytes)
        v3_port = g3('port')
        if v3_port is None:
            v3_port = 0
        v3_rack = g3('rack', None)
        v3_rack_bytes = None if v3_rack is None else v3_rack.encode()
        w(_pack_i(v3_port))
        if v3_rack_bytes is None:
            w(b'\x00')
        else:
            n3 = len(v3_rack_bytes) + 1
            w(_UV[n3] if n3 < 128 else _uv(n3))
            w(v3_rack_bytes)
        u3 = g3('_unknown_tags', None)
        if u3:
            _write_tags(w, sorted(u3.items()))
        else:
            w(b'\x00')  # no tagged fields
    return b''.join(out)


def _ListOffsetsRequest_v0_decode(buf, pos):
    # ListOffsetsRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['replica_id'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at ListOffsetsRequest.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'ListOffsetsRequest.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at ListOffsetsRequest.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ListOffsetsRequest.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at ListOffsetsRequest.topics[].partitions")
        if n1 > 1000000 or n1 * 16 > end - pos:
            raise _too_many(n1, end - pos, 'ListOffsetsRequest.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['timestamp'], x1['max_num_offsets'] = _unpack_from_iqi(buf, pos)
            pos += 16
            x1['current_leader_epoch'] = -1
            a1.append(x1)
        a0.append(x0)
    obj['isolation_level'] = 0
    obj['timeout_ms'] = 0
    return obj, pos


def _ListOffsetsRequest_v0_encode(obj, w):
    # ListOffsetsRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_replica_id = g0('replica_id')
    if v0_replica_id is None:
        v0_replica_id = 0
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_ii(v0_replica_id, len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_timestamp = g4('timestamp')
            if v4_timestamp is None:
                v4_timestamp = 0
            v4_max_num_offsets = g4('max_num_offsets')
            if v4_max_num_offsets is None:
                v4_max_num_offsets = 1
            w(_pack_iqi(v4_partition_index, v4_timestamp, v4_max_num_offsets))


def _ListOffsetsRequest_v1_decode(buf, pos):
    # ListOffsetsRequest v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['replica_id'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at ListOffsetsRequest.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'ListOffsetsRequest.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at ListOffsetsRequest.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ListOffsetsRequest.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at ListOffsetsRequest.topics[].partitions")
        if n1 > 1000000 or n1 * 12 > end - pos:
            raise _too_many(n1, end - pos, 'ListOffsetsRequest.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['timestamp'] = _unpack_from_iq(buf, pos)
            pos += 12
            x1['current_leader_epoch'] = -1
            x1['max_num_offsets'] = 1
            a1.append(x1)
        a0.append(x0)
    obj['isolation_level'] = 0
    obj['timeout_ms'] = 0
    return obj, pos


def _ListOffsetsRequest_v1_encode(obj, w):
    # ListOffsetsRequest v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_replica_id = g0('replica_id')
    if v0_replica_id is None:
        v0_replica_id = 0
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_ii(v0_replica_id, len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_timestamp = g4('timestamp')
            if v4_timestamp is None:
                v4_timestamp = 0
            w(_pack_iq(v4_partition_index, v4_timestamp))


def _ListOffsetsRequest_v2_decode(buf, pos):
    # ListOffsetsRequest v2: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['replica_id'], obj['isolation_level'], n0 = _unpack_from_ibi(buf, pos)
    pos += 9
    if n0 < 0:
        raise _Err("null in non-nullable array at ListOffsetsRequest.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'ListOffsetsRequest.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at ListOffsetsRequest.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ListOffsetsRequest.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at ListOffsetsRequest.topics[].partitions")
        if n1 > 1000000 or n1 * 12 > end - pos:
            raise _too_many(n1, end - pos, 'ListOffsetsRequest.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['timestamp'] = _unpack_from_iq(buf, pos)
            pos += 12
            x1['current_leader_epoch'] = -1
            x1['max_num_offsets'] = 1
            a1.append(x1)
        a0.append(x0)
    obj['timeout_ms'] = 0
    return obj, pos


def _ListOffsetsRequest_v2_encode(obj, w):
    # ListOffsetsRequest v2: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_replica_id = g0('replica_id')
    if v0_replica_id is None:
        v0_replica_id = 0
    v0_isolation_level = g0('isolation_level')
    if v0_isolation_level is None:
        v0_isolation_level = 0
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_ibi(v0_replica_id, v0_isolation_level, len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_timestamp = g4('timestamp')
            if v4_timestamp is None:
                v4_timestamp = 0
            w(_pack_iq(v4_partition_index, v4_timestamp))


def _ListOffsetsRequest_v4_decode(buf, pos):
    # ListOffsetsRequest v4: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['replica_id'], obj['isolation_level'], n0 = _unpack_from_ibi(buf, pos)
    pos += 9
    if n0 < 0:
        raise _Err("null in non-nullable array at ListOffsetsRequest.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'ListOffsetsRequest.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at ListOffsetsRequest.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ListOffsetsRequest.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at ListOffsetsRequest.topics[].partitions")
        if n1 > 1000000 or n1 * 16 > end - pos:
            raise _too_many(n1, end - pos, 'ListOffsetsRequest.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['current_leader_epoch'], x1['timestamp'] = _unpack_from_iiq(buf, pos)
            pos += 16
            x1['max_num_offsets'] = 1
            a1.append(x1)
        a0.append(x0)
    obj['timeout_ms'] = 0
    return obj, pos


def _ListOffsetsRequest_v4_encode(obj, w):
    # ListOffsetsRequest v4: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_replica_id = g0('replica_id')
    if v0_replica_id is None:
        v0_replica_id = 0
    v0_isolation_level = g0('isolation_level')
    if v0_isolation_level is None:
        v0_isolation_level = 0
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_ibi(v0_replica_id, v0_isolation_level, len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_current_leader_epoch = g4('current_leader_epoch')
            if v4_current_leader_epoch is None:
                v4_current_leader_epoch = -1
            v4_timestamp = g4('timestamp')
            if v4_timestamp is None:
                v4_timestamp = 0
            w(_pack_iiq(v4_partition_index, v4_current_leader_epoch, v4_timestamp))


def _ListOffsetsRequest_v6_decode(buf, pos):
    # ListOffsetsRequest v6: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['replica_id'], obj['isolation_level'] = _unpack_from_ib(buf, pos)
    pos += 5
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ListOffsetsRequest.topics")
    n1 -= 1
    if n1 > 1000000 or n1 * 3 > end - pos:
        raise _too_many(n1, end - pos, 'ListOffsetsRequest.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ListOffsetsRequest.topics[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ListOffsetsRequest.topics[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at ListOffsetsRequest.topics[].partitions")
        n3 -= 1
        if n3 > 1000000 or n3 * 17 > end - pos:
            raise _too_many(n3, end - pos, 'ListOffsetsRequest.topics[].partitions')
        x1['partitions'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['partition_index'], x3['current_leader_epoch'], x3['timestamp'] = _unpack_from_iiq(buf, pos)
            pos += 16
            x3['max_num_offsets'] = 1
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'ListOffsetsRequest.topics[].partitions[]')
            else:
                pos += 1
            a3.append(x3)
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ListOffsetsRequest.topics[]')
        else:
            pos += 1
        a1.append(x1)
    obj['timeout_ms'] = 0
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ListOffsetsRequest')
    else:
        pos += 1
    return obj, pos


def _ListOffsetsRequest_v6_encode(obj, w):
    # ListOffsetsRequest v6: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_replica_id = g0('replica_id')
    if v0_replica_id is None:
        v0_replica_id = 0
    v0_isolation_level = g0('isolation_level')
    if v0_isolation_level is None:
        v0_isolation_level = 0
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_ib(v0_replica_id, v0_isolation_level))
    n0 = len(v0_topics) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        n2 = len(v2_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_current_leader_epoch = g4('current_leader_epoch')
            if v4_current_leader_epoch is None:
                v4_current_leader_epoch = -1
            v4_timestamp = g4('timestamp')
            if v4_timestamp is None:
                v4_timestamp = 0
            w(_pack_iiq(v4_partition_index, v4_current_leader_epoch, v4_timestamp))
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ListOffsetsRequest_v10_decode(buf, pos):
    # ListOffsetsRequest v10: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['replica_id'], obj['isolation_level'] = _unpack_from_ib(buf, pos)
    pos += 5
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ListOffsetsRequest.topics")
    n1 -= 1
    if n1 > 1000000 or n1 * 3 > end - pos:
        raise _too_many(n1, end - pos, 'ListOffsetsRequest.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ListOffsetsRequest.topics[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ListOffsetsRequest.topics[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at ListOffsetsRequest.topics[].partitions")
        n3 -= 1
        if n3 > 1000000 or n3 * 17 > end - pos:
            raise _too_many(n3, end - pos, 'ListOffsetsRequest.topics[].partitions')
        x1['partitions'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['partition_index'], x3['current_leader_epoch'], x3['timestamp'] = _unpack_from_iiq(buf, pos)
            pos += 16
            x3['max_num_offsets'] = 1
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'ListOffsetsRequest.topics[].partitions[]')
            else:
                pos += 1
            a3.append(x3)
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ListOffsetsRequest.topics[]')
        else:
            pos += 1
        a1.append(x1)
    obj['timeout_ms'], = _unpack_from_i(buf, pos)
    pos += 4
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ListOffsetsRequest')
    else:
        pos += 1
    return obj, pos


def _ListOffsetsRequest_v10_encode(obj, w):
    # ListOffsetsRequest v10: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_replica_id = g0('replica_id')
    if v0_replica_id is None:
        v0_replica_id = 0
    v0_isolation_level = g0('isolation_level')
    if v0_isolation_level is None:
        v0_isolation_level = 0
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_ib(v0_replica_id, v0_isolation_level))
    n0 = len(v0_topics) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        n2 = len(v2_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_current_leader_epoch = g4('current_leader_epoch')
            if v4_current_leader_epoch is None:
                v4_current_leader_epoch = -1
            v4_timestamp = g4('timestamp')
            if v4_timestamp is None:
                v4_timestamp = 0
            w(_pack_iiq(v4_partition_index, v4_current_leader_epoch, v4_timestamp))
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_timeout_ms = g0('timeout_ms')
    if v0_timeout_ms is None:
        v0_timeout_ms = 0
    w(_pack_i(v0_timeout_ms))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ListOffsetsResponse_v0_decode(buf, pos):
    # ListOffsetsResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at ListOffsetsResponse.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'ListOffsetsResponse.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at ListOffsetsResponse.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ListOffsetsResponse.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at ListOffsetsResponse.topics[].partitions")
        if n1 > 1000000 or n1 * 10 > end - pos:
            raise _too_many(n1, end - pos, 'ListOffsetsResponse.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['error_code'], n2 = _unpack_from_ihi(buf, pos)
            pos += 10
            if n2 < 0:
                raise _Err("null in non-nullable array at ListOffsetsResponse.topics[].partitions[].old_style_offsets")
            if n2 > 1000000 or n2 * 8 > end - pos:
                raise _too_many(n2, end - pos, 'ListOffsetsResponse.topics[].partitions[].old_style_offsets')
            x1['old_style_offsets'] = list(_unpack_from_q_arrays[n2](buf, pos) if n2 < 32 else _struct_unpack_from('>%dq' % n2, buf, pos))
            pos += 8 * n2
            x1['timestamp'] = -1
            x1['offset'] = -1
            x1['leader_epoch'] = -1
            a1.append(x1)
        a0.append(x0)
    obj['throttle_time_ms'] = 0
    return obj, pos


def _ListOffsetsResponse_v0_encode(obj, w):
    # ListOffsetsResponse v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_i(len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_old_style_offsets = g4('old_style_offsets')
            if v4_old_style_offsets is None:
                v4_old_style_offsets = []
            w(_pack_ihi(v4_partition_index, v4_error_code, len(v4_old_style_offsets)))
            w(_pack_q_arrays[len(v4_old_style_offsets)](*v4_old_style_offsets) if len(v4_old_style_offsets) < 32 else _struct_pack('>%dq' % len(v4_old_style_offsets), *v4_old_style_offsets))


def _ListOffsetsResponse_v1_decode(buf, pos):
    # ListOffsetsResponse v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at ListOffsetsResponse.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'ListOffsetsResponse.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at ListOffsetsResponse.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ListOffsetsResponse.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at ListOffsetsResponse.topics[].partitions")
        if n1 > 1000000 or n1 * 22 > end - pos:
            raise _too_many(n1, end - pos, 'ListOffsetsResponse.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['error_code'], x1['timestamp'], x1['offset'] = _unpack_from_ihqq(buf, pos)
            pos += 22
            x1['old_style_offsets'] = []
            x1['leader_epoch'] = -1
            a1.append(x1)
        a0.append(x0)
    obj['throttle_time_ms'] = 0
    return obj, pos


def _ListOffsetsResponse_v1_encode(obj, w):
    # ListOffsetsResponse v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_i(len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_timestamp = g4('timestamp')
            if v4_timestamp is None:
                v4_timestamp = -1
            v4_offset = g4('offset')
            if v4_offset is None:
                v4_offset = -1
            w(_pack_ihqq(v4_partition_index, v4_error_code, v4_timestamp, v4_offset))


def _ListOffsetsResponse_v2_decode(buf, pos):
    # ListOffsetsResponse v2: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at ListOffsetsResponse.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'ListOffsetsResponse.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at ListOffsetsResponse.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ListOffsetsResponse.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at ListOffsetsResponse.topics[].partitions")
        if n1 > 1000000 or n1 * 22 > end - pos:
            raise _too_many(n1, end - pos, 'ListOffsetsResponse.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['error_code'], x1['timestamp'], x1['offset'] = _unpack_from_ihqq(buf, pos)
            pos += 22
            x1['old_style_offsets'] = []
            x1['leader_epoch'] = -1
            a1.append(x1)
        a0.append(x0)
    return obj, pos


def _ListOffsetsResponse_v2_encode(obj, w):
    # ListOffsetsResponse v2: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_ii(v0_throttle_time_ms, len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_timestamp = g4('timestamp')
            if v4_timestamp is None:
                v4_timestamp = -1
            v4_offset = g4('offset')
            if v4_offset is None:
                v4_offset = -1
            w(_pack_ihqq(v4_partition_index, v4_error_code, v4_timestamp, v4_offset))


def _ListOffsetsResponse_v4_decode(buf, pos):
    # ListOffsetsResponse v4: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at ListOffsetsResponse.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'ListOffsetsResponse.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at ListOffsetsResponse.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ListOffsetsResponse.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at ListOffsetsResponse.topics[].partitions")
        if n1 > 1000000 or n1 * 26 > end - pos:
            raise _too_many(n1, end - pos, 'ListOffsetsResponse.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['error_code'], x1['timestamp'], x1['offset'], x1['leader_epoch'] = _unpack_from_ihqqi(buf, pos)
            pos += 26
            x1['old_style_offsets'] = []
            a1.append(x1)
        a0.append(x0)
    return obj, pos


def _ListOffsetsResponse_v4_encode(obj, w):
    # ListOffsetsResponse v4: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_ii(v0_throttle_time_ms, len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_timestamp = g4('timestamp')
            if v4_timestamp is None:
                v4_timestamp = -1
            v4_offset = g4('offset')
            if v4_offset is None:
                v4_offset = -1
            v4_leader_epoch = g4('leader_epoch')
            if v4_leader_epoch is None:
                v4_leader_epoch = -1
            w(_pack_ihqqi(v4_partition_index, v4_error_code, v4_timestamp, v4_offset, v4_leader_epoch))


def _ListOffsetsResponse_v6_decode(buf, pos):
    # ListOffsetsResponse v6: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], = _unpack_from_i(buf, pos)
    pos += 4
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ListOffsetsResponse.topics")
    n1 -= 1
    if n1 > 1000000 or n1 * 3 > end - pos:
        raise _too_many(n1, end - pos, 'ListOffsetsResponse.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ListOffsetsResponse.topics[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ListOffsetsResponse.topics[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at ListOffsetsResponse.topics[].partitions")
        n3 -= 1
        if n3 > 1000000 or n3 * 27 > end - pos:
            raise _too_many(n3, end - pos, 'ListOffsetsResponse.topics[].partitions')
        x1['partitions'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['partition_index'], x3['error_code'], x3['timestamp'], x3['offset'], x3['leader_epoch'] = _unpack_from_ihqqi(buf, pos)
            pos += 26
            x3['old_style_offsets'] = []
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'ListOffsetsResponse.topics[].partitions[]')
            else:
                pos += 1
            a3.append(x3)
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ListOffsetsResponse.topics[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ListOffsetsResponse')
    else:
        pos += 1
    return obj, pos


def _ListOffsetsResponse_v6_encode(obj, w):
    # ListOffsetsResponse v6: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_i(v0_throttle_time_ms))
    n0 = len(v0_topics) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        n2 = len(v2_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_timestamp = g4('timestamp')
            if v4_timestamp is None:
                v4_timestamp = -1
            v4_offset = g4('offset')
            if v4_offset is None:
                v4_offset = -1
            v4_leader_epoch = g4('leader_epoch')
            if v4_leader_epoch is None:
                v4_leader_epoch = -1
            w(_pack_ihqqi(v4_partition_index, v4_error_code, v4_timestamp, v4_offset, v4_leader_epoch))
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _OffsetCommitRequest_v0_decode(buf, pos):
    # OffsetCommitRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at OffsetCommitRequest.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('OffsetCommitRequest.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at OffsetCommitRequest.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'OffsetCommitRequest.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at OffsetCommitRequest.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('OffsetCommitRequest.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at OffsetCommitRequest.topics[].partitions")
        if n1 > 1000000 or n1 * 14 > end - pos:
            raise _too_many(n1, end - pos, 'OffsetCommitRequest.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['committed_offset'], n2 = _unpack_from_iqh(buf, pos)
            pos += 14
            if n2 < 0:
                x1['committed_metadata'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('OffsetCommitRequest.topics[].partitions[].committed_metadata')
                x1['committed_metadata'] = buf[pos:e2].decode()
                pos = e2
            x1['committed_leader_epoch'] = -1
            x1['commit_timestamp'] = -1
            a1.append(x1)
        a0.append(x0)
    obj['generation_id_or_member_epoch'] = -1
    obj['member_id'] = ''
    obj['group_instance_id'] = None
    obj['retention_time_ms'] = -1
    return obj, pos


def _OffsetCommitRequest_v0_encode(obj, w):
    # OffsetCommitRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_i(len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_committed_offset = g4('committed_offset')
            if v4_committed_offset is None:
                v4_committed_offset = 0
            v4_committed_metadata = g4('committed_metadata', '')
            v4_committed_metadata_bytes = None if v4_committed_metadata is None else v4_committed_metadata.encode()
            w(_pack_iqh(v4_partition_index, v4_committed_offset, -1 if v4_committed_metadata_bytes is None else len(v4_committed_metadata_bytes)))
            if v4_committed_metadata_bytes is not None:
                w(v4_committed_metadata_bytes)


def _OffsetCommitRequest_v1_decode(buf, pos):
    # OffsetCommitRequest v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at OffsetCommitRequest.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('OffsetCommitRequest.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    obj['generation_id_or_member_epoch'], n0 = _unpack_from_ih(buf, pos)
    pos += 6
    if n0 < 0:
        raise _Err("null in non-nullable string at OffsetCommitRequest.member_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('OffsetCommitRequest.member_id')
    obj['member_id'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at OffsetCommitRequest.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'OffsetCommitRequest.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at OffsetCommitRequest.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('OffsetCommitRequest.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at OffsetCommitRequest.topics[].partitions")
        if n1 > 1000000 or n1 * 22 > end - pos:
            raise _too_many(n1, end - pos, 'OffsetCommitRequest.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['committed_offset'], x1['commit_timestamp'], n2 = _unpack_from_iqqh(buf, pos)
            pos += 22
            if n2 < 0:
                x1['committed_metadata'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('OffsetCommitRequest.topics[].partitions[].committed_metadata')
                x1['committed_metadata'] = buf[pos:e2].decode()
                pos = e2
            x1['committed_leader_epoch'] = -1
            a1.append(x1)
        a0.append(x0)
    obj['group_instance_id'] = None
    obj['retention_time_ms'] = -1
    return obj, pos


def _OffsetCommitRequest_v1_encode(obj, w):
    # OffsetCommitRequest v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)
    v0_generation_id_or_member_epoch = g0('generation_id_or_member_epoch')
    if v0_generation_id_or_member_epoch is None:
        v0_generation_id_or_member_epoch = -1
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    w(_pack_ih(v0_generation_id_or_member_epoch, len(v0_member_id_bytes)))
    w(v0_member_id_bytes)
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_i(len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_committed_offset = g4('committed_offset')
            if v4_committed_offset is None:
                v4_committed_offset = 0
            v4_commit_timestamp = g4('commit_timestamp')
            if v4_commit_timestamp is None:
                v4_commit_timestamp = -1
            v4_committed_metadata = g4('committed_metadata', '')
            v4_committed_metadata_bytes = None if v4_committed_metadata is None else v4_committed_metadata.encode()
            w(_pack_iqqh(v4_partition_index, v4_committed_offset, v4_commit_timestamp, -1 if v4_committed_metadata_bytes is None else len(v4_committed_metadata_bytes)))
            if v4_committed_metadata_bytes is not None:
                w(v4_committed_metadata_bytes)


def _OffsetCommitRequest_v2_decode(buf, pos):
    # OffsetCommitRequest v2: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at OffsetCommitRequest.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('OffsetCommitRequest.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    obj['generation_id_or_member_epoch'], n0 = _unpack_from_ih(buf, pos)
    pos += 6
    if n0 < 0:
        raise _Err("null in non-nullable string at OffsetCommitRequest.member_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('OffsetCommitRequest.member_id')
    obj['member_id'] = buf[pos:e0].decode()
    pos = e0
    obj['retention_time_ms'], n0 = _unpack_from_qi(buf, pos)
    pos += 12
    if n0 < 0:
        raise _Err("null in non-nullable array at OffsetCommitRequest.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'OffsetCommitRequest.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at OffsetCommitRequest.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('OffsetCommitRequest.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at OffsetCommitRequest.topics[].partitions")
        if n1 > 1000000 or n1 * 14 > end - pos:
            raise _too_many(n1, end - pos, 'OffsetCommitRequest.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['committed_offset'], n2 = _unpack_from_iqh(buf, pos)
            pos += 14
            if n2 < 0:
                x1['committed_metadata'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('OffsetCommitRequest.topics[].partitions[].committed_metadata')
                x1['committed_metadata'] = buf[pos:e2].decode()
                pos = e2
            x1['committed_leader_epoch'] = -1
            x1['commit_timestamp'] = -1
            a1.append(x1)
        a0.append(x0)
    obj['group_instance_id'] = None
    return obj, pos


def _OffsetCommitRequest_v2_encode(obj, w):
    # OffsetCommitRequest v2: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)
    v0_generation_id_or_member_epoch = g0('generation_id_or_member_epoch')
    if v0_generation_id_or_member_epoch is None:
        v0_generation_id_or_member_epoch = -1
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    w(_pack_ih(v0_generation_id_or_member_epoch, len(v0_member_id_bytes)))
    w(v0_member_id_bytes)
    v0_retention_time_ms = g0('retention_time_ms')
    if v0_retention_time_ms is None:
        v0_retention_time_ms = -1
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_qi(v0_retention_time_ms, len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_committed_offset = g4('committed_offset')
            if v4_committed_offset is None:
                v4_committed_offset = 0
            v4_committed_metadata = g4('committed_metadata', '')
            v4_committed_metadata_bytes = None if v4_committed_metadata is None else v4_committed_metadata.encode()
            w(_pack_iqh(v4_partition_index, v4_committed_offset, -1 if v4_committed_metadata_bytes is None else len(v4_committed_metadata_bytes)))
            if v4_committed_metadata_bytes is not None:
                w(v4_committed_metadata_bytes)


def _OffsetCommitRequest_v5_decode(buf, pos):
    # OffsetCommitRequest v5: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at OffsetCommitRequest.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('OffsetCommitRequest.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    obj['generation_id_or_member_epoch'], n0 = _unpack_from_ih(buf, pos)
    pos += 6
    if n0 < 0:
        raise _Err("null in non-nullable string at OffsetCommitRequest.member_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('OffsetCommitRequest.member_id')
    obj['member_id'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at OffsetCommitRequest.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'OffsetCommitRequest.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at OffsetCommitRequest.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('OffsetCommitRequest.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at OffsetCommitRequest.topics[].partitions")
        if n1 > 1000000 or n1 * 14 > end - pos:
            raise _too_many(n1, end - pos, 'OffsetCommitRequest.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['committed_offset'], n2 = _unpack_from_iqh(buf, pos)
            pos += 14
            if n2 < 0:
                x1['committed_metadata'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('OffsetCommitRequest.topics[].partitions[].committed_metadata')
                x1['committed_metadata'] = buf[pos:e2].decode()
                pos = e2
            x1['committed_leader_epoch'] = -1
            x1['commit_timestamp'] = -1
            a1.append(x1)
        a0.append(x0)
    obj['group_instance_id'] = None
    obj['retention_time_ms'] = -1
    return obj, pos


def _OffsetCommitRequest_v5_encode(obj, w):
    # OffsetCommitRequest v5: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)
    v0_generation_id_or_member_epoch = g0('generation_id_or_member_epoch')
    if v0_generation_id_or_member_epoch is None:
        v0_generation_id_or_member_epoch = -1
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    w(_pack_ih(v0_generation_id_or_member_epoch, len(v0_member_id_bytes)))
    w(v0_member_id_bytes)
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_i(len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_committed_offset = g4('committed_offset')
            if v4_committed_offset is None:
                v4_committed_offset = 0
            v4_committed_metadata = g4('committed_metadata', '')
            v4_committed_metadata_bytes = None if v4_committed_metadata is None else v4_committed_metadata.encode()
            w(_pack_iqh(v4_partition_index, v4_committed_offset, -1 if v4_committed_metadata_bytes is None else len(v4_committed_metadata_bytes)))
            if v4_committed_metadata_bytes is not None:
                w(v4_committed_metadata_bytes)


def _OffsetCommitRequest_v6_decode(buf, pos):
    # OffsetCommitRequest v6: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at OffsetCommitRequest.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('OffsetCommitRequest.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    obj['generation_id_or_member_epoch'], n0 = _unpack_from_ih(buf, pos)
    pos += 6
    if n0 < 0:
        raise _Err("null in non-nullable string at OffsetCommitRequest.member_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('OffsetCommitRequest.member_id')
    obj['member_id'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at OffsetCommitRequest.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'OffsetCommitRequest.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at OffsetCommitRequest.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('OffsetCommitRequest.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at OffsetCommitRequest.topics[].partitions")
        if n1 > 1000000 or n1 * 18 > end - pos:
            raise _too_many(n1, end - pos, 'OffsetCommitRequest.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['committed_offset'], x1['committed_leader_epoch'], n2 = _unpack_from_iqih(buf, pos)
            pos += 18
            if n2 < 0:
                x1['committed_metadata'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('OffsetCommitRequest.topics[].partitions[].committed_metadata')
                x1['committed_metadata'] = buf[pos:e2].decode()
                pos = e2
            x1['commit_timestamp'] = -1
            a1.append(x1)
        a0.append(x0)
    obj['group_instance_id'] = None
    obj['retention_time_ms'] = -1
    return obj, pos


def _OffsetCommitRequest_v6_encode(obj, w):
    # OffsetCommitRequest v6: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)
    v0_generation_id_or_member_epoch = g0('generation_id_or_member_epoch')
    if v0_generation_id_or_member_epoch is None:
        v0_generation_id_or_member_epoch = -1
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    w(_pack_ih(v0_generation_id_or_member_epoch, len(v0_member_id_bytes)))
    w(v0_member_id_bytes)
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_i(len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_committed_offset = g4('committed_offset')
            if v4_committed_offset is None:
                v4_committed_offset = 0
            v4_committed_leader_epoch = g4('committed_leader_epoch')
            if v4_committed_leader_epoch is None:
                v4_committed_leader_epoch = -1
            v4_committed_metadata = g4('committed_metadata', '')
            v4_committed_metadata_bytes = None if v4_committed_metadata is None else v4_committed_metadata.encode()
            w(_pack_iqih(v4_partition_index, v4_committed_offset, v4_committed_leader_epoch, -1 if v4_committed_metadata_bytes is None else len(v4_committed_metadata_bytes)))
            if v4_committed_metadata_bytes is not None:
                w(v4_committed_metadata_bytes)


def _OffsetCommitRequest_v7_decode(buf, pos):
    # OffsetCommitRequest v7: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at OffsetCommitRequest.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('OffsetCommitRequest.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    obj['generation_id_or_member_epoch'], n0 = _unpack_from_ih(buf, pos)
    pos += 6
    if n0 < 0:
        raise _Err("null in non-nullable string at OffsetCommitRequest.member_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('OffsetCommitRequest.member_id')
    obj['member_id'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        obj['group_instance_id'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('OffsetCommitRequest.group_instance_id')
        obj['group_instance_id'] = buf[pos:e0].decode()
        pos = e0
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at OffsetCommitRequest.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'OffsetCommitRequest.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at OffsetCommitRequest.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('OffsetCommitRequest.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at OffsetCommitRequest.topics[].partitions")
        if n1 > 1000000 or n1 * 18 > end - pos:
            raise _too_many(n1, end - pos, 'OffsetCommitRequest.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['committed_offset'], x1['committed_leader_epoch'], n2 = _unpack_from_iqih(buf, pos)
            pos += 18
            if n2 < 0:
                x1['committed_metadata'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('OffsetCommitRequest.topics[].partitions[].committed_metadata')
                x1['committed_metadata'] = buf[pos:e2].decode()
                pos = e2
            x1['commit_timestamp'] = -1
            a1.append(x1)
        a0.append(x0)
    obj['retention_time_ms'] = -1
    return obj, pos


def _OffsetCommitRequest_v7_encode(obj, w):
    # OffsetCommitRequest v7: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)
    v0_generation_id_or_member_epoch = g0('generation_id_or_member_epoch')
    if v0_generation_id_or_member_epoch is None:
        v0_generation_id_or_member_epoch = -1
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    w(_pack_ih(v0_generation_id_or_member_epoch, len(v0_member_id_bytes)))
    w(v0_member_id_bytes)
    v0_group_instance_id = g0('group_instance_id', None)
    v0_group_instance_id_bytes = None if v0_group_instance_id is None else v0_group_instance_id.encode()
    w(_pack_h(-1 if v0_group_instance_id_bytes is None else len(v0_group_instance_id_bytes)))
    if v0_group_instance_id_bytes is not None:
        w(v0_group_instance_id_bytes)
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_i(len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_committed_offset = g4('committed_offset')
            if v4_committed_offset is None:
                v4_committed_offset = 0
            v4_committed_leader_epoch = g4('committed_leader_epoch')
            if v4_committed_leader_epoch is None:
                v4_committed_leader_epoch = -1
            v4_committed_metadata = g4('committed_metadata', '')
            v4_committed_metadata_bytes = None if v4_committed_metadata is None else v4_committed_metadata.encode()
            w(_pack_iqih(v4_partition_index, v4_committed_offset, v4_committed_leader_epoch, -1 if v4_committed_metadata_bytes is None else len(v4_committed_metadata_bytes)))
            if v4_committed_metadata_bytes is not None:
                w(v4_committed_metadata_bytes)


def _OffsetCommitRequest_v8_decode(buf, pos):
    # OffsetCommitRequest v8: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at OffsetCommitRequest.group_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('OffsetCommitRequest.group_id')
    obj['group_id'] = buf[pos:e1].decode()
    pos = e1
    obj['generation_id_or_member_epoch'], = _unpack_from_i(buf, pos)
    pos += 4
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at OffsetCommitRequest.member_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('OffsetCommitRequest.member_id')
    obj['member_id'] = buf[pos:e1].decode()
    pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['group_instance_id'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('OffsetCommitRequest.group_instance_id')
        obj['group_instance_id'] = buf[pos:e1].decode()
        pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at OffsetCommitRequest.topics")
    n1 -= 1
    if n1 > 1000000 or n1 * 3 > end - pos:
        raise _too_many(n1, end - pos, 'OffsetCommitRequest.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at OffsetCommitRequest.topics[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('OffsetCommitRequest.topics[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at OffsetCommitRequest.topics[].partitions")
        n3 -= 1
        if n3 > 1000000 or n3 * 18 > end - pos:
            raise _too_many(n3, end - pos, 'OffsetCommitRequest.topics[].partitions')
        x1['partitions'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['partition_index'], x3['committed_offset'], x3['committed_leader_epoch'] = _unpack_from_iqi(buf, pos)
            pos += 16
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                x3['committed_metadata'] = None
            else:
                n5 -= 1
                e5 = pos + n5
                if e5 > end:
                    raise _truncated('OffsetCommitRequest.topics[].partitions[].committed_metadata')
                x3['committed_metadata'] = buf[pos:e5].decode()
                pos = e5
            x3['commit_timestamp'] = -1
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'OffsetCommitRequest.topics[].partitions[]')
            else:
                pos += 1
            a3.append(x3)
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'OffsetCommitRequest.topics[]')
        else:
            pos += 1
        a1.append(x1)
    obj['retention_time_ms'] = -1
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'OffsetCommitRequest')
    else:
        pos += 1
    return obj, pos


def _OffsetCommitRequest_v8_encode(obj, w):
    # OffsetCommitRequest v8: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    n0 = len(v0_group_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_group_id_bytes)
    v0_generation_id_or_member_epoch = g0('generation_id_or_member_epoch')
    if v0_generation_id_or_member_epoch is None:
        v0_generation_id_or_member_epoch = -1
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    w(_pack_i(v0_generation_id_or_member_epoch))
    n0 = len(v0_member_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_member_id_bytes)
    v0_group_instance_id = g0('group_instance_id', None)
    v0_group_instance_id_bytes = None if v0_group_instance_id is None else v0_group_instance_id.encode()
    if v0_group_instance_id_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_group_instance_id_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_group_instance_id_bytes)
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    n0 = len(v0_topics) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        n2 = len(v2_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_committed_offset = g4('committed_offset')
            if v4_committed_offset is None:
                v4_committed_offset = 0
            v4_committed_leader_epoch = g4('committed_leader_epoch')
            if v4_committed_leader_epoch is None:
                v4_committed_leader_epoch = -1
            v4_committed_metadata = g4('committed_metadata', '')
            v4_committed_metadata_bytes = None if v4_committed_metadata is None else v4_committed_metadata.encode()
            w(_pack_iqi(v4_partition_index, v4_committed_offset, v4_committed_leader_epoch))
            if v4_committed_metadata_bytes is None:
                w(b'\x00')
            else:
                n4 = len(v4_committed_metadata_bytes) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_committed_metadata_bytes)
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _OffsetCommitResponse_v0_decode(buf, pos):
    # OffsetCommitResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at OffsetCommitResponse.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'OffsetCommitResponse.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at OffsetCommitResponse.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('OffsetCommitResponse.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at OffsetCommitResponse.topics[].partitions")
        if n1 > 1000000 or n1 * 6 > end - pos:
            raise _too_many(n1, end - pos, 'OffsetCommitResponse.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['error_code'] = _unpack_from_ih(buf, pos)
            pos += 6
            a1.append(x1)
        a0.append(x0)
    obj['throttle_time_ms'] = 0
    return obj, pos


def _OffsetCommitResponse_v0_encode(obj, w):
    # OffsetCommitResponse v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_i(len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            w(_pack_ih(v4_partition_index, v4_error_code))


def _OffsetCommitResponse_v3_decode(buf, pos):
    # OffsetCommitResponse v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at OffsetCommitResponse.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'OffsetCommitResponse.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at OffsetCommitResponse.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('OffsetCommitResponse.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at OffsetCommitResponse.topics[].partitions")
        if n1 > 1000000 or n1 * 6 > end - pos:
            raise _too_many(n1, end - pos, 'OffsetCommitResponse.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['error_code'] = _unpack_from_ih(buf, pos)
            pos += 6
            a1.append(x1)
        a0.append(x0)
    return obj, pos


def _OffsetCommitResponse_v3_encode(obj, w):
    # OffsetCommitResponse v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_ii(v0_throttle_time_ms, len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            w(_pack_ih(v4_partition_index, v4_error_code))


def _OffsetCommitResponse_v8_decode(buf, pos):
    # OffsetCommitResponse v8: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], = _unpack_from_i(buf, pos)
    pos += 4
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at OffsetCommitResponse.topics")
    n1 -= 1
    if n1 > 1000000 or n1 * 3 > end - pos:
        raise _too_many(n1, end - pos, 'OffsetCommitResponse.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at OffsetCommitResponse.topics[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('OffsetCommitResponse.topics[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at OffsetCommitResponse.topics[].partitions")
        n3 -= 1
        if n3 > 1000000 or n3 * 7 > end - pos:
            raise _too_many(n3, end - pos, 'OffsetCommitResponse.topics[].partitions')
        x1['partitions'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['partition_index'], x3['error_code'] = _unpack_from_ih(buf, pos)
            pos += 6
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'OffsetCommitResponse.topics[].partitions[]')
            else:
                pos += 1
            a3.append(x3)
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'OffsetCommitResponse.topics[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'OffsetCommitResponse')
    else:
        pos += 1
    return obj, pos


def _OffsetCommitResponse_v8_encode(obj, w):
    # OffsetCommitResponse v8: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_i(v0_throttle_time_ms))
    n0 = len(v0_topics) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        n2 = len(v2_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            w(_pack_ih(v4_partition_index, v4_error_code))
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _OffsetFetchRequest_v0_decode(buf, pos):
    # OffsetFetchRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at OffsetFetchRequest.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('OffsetFetchRequest.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at OffsetFetchRequest.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'OffsetFetchRequest.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at OffsetFetchRequest.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('OffsetFetchRequest.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at OffsetFetchRequest.topics[].partition_indexes")
        if n1 > 1000000 or n1 * 4 > end - pos:
            raise _too_many(n1, end - pos, 'OffsetFetchRequest.topics[].partition_indexes')
        x0['partition_indexes'] = list(_unpack_from_i_arrays[n1](buf, pos) if n1 < 32 else _struct_unpack_from('>%di' % n1, buf, pos))
        pos += 4 * n1
        a0.append(x0)
    obj['groups'] = []
    obj['require_stable'] = False
    return obj, pos


def _OffsetFetchRequest_v0_encode(obj, w):
    # OffsetFetchRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_i(len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partition_indexes = g2('partition_indexes')
        if v2_partition_indexes is None:
            v2_partition_indexes = []
        w(_pack_i(len(v2_partition_indexes)))
        w(_pack_i_arrays[len(v2_partition_indexes)](*v2_partition_indexes) if len(v2_partition_indexes) < 32 else _struct_pack('>%di' % len(v2_partition_indexes), *v2_partition_indexes))


def _OffsetFetchRequest_v2_decode(buf, pos):
    # OffsetFetchRequest v2: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at OffsetFetchRequest.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('OffsetFetchRequest.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        obj['topics'] = None
    else:
        if n0 > 1000000 or n0 * 6 > end - pos:
            raise _too_many(n0, end - pos, 'OffsetFetchRequest.topics')
        obj['topics'] = a0 = []
        for _ in range(n0):
            x0 = Container()
            n1, = _unpack_from_h(buf, pos)
            pos += 2
            if n1 < 0:
                raise _Err("null in non-nullable string at OffsetFetchRequest.topics[].name")
            e1 = pos + n1
            if e1 > end:
                raise _truncated('OffsetFetchRequest.topics[].name')
            x0['name'] = buf[pos:e1].decode()
            pos = e1
            n1, = _unpack_from_i(buf, pos)
            pos += 4
            if n1 < 0:
                raise _Err("null in non-nullable array at OffsetFetchRequest.topics[].partition_indexes")
            if n1 > 1000000 or n1 * 4 > end - pos:
                raise _too_many(n1, end - pos, 'OffsetFetchRequest.topics[].partition_indexes')
            x0['partition_indexes'] = list(_unpack_from_i_arrays[n1](buf, pos) if n1 < 32 else _struct_unpack_from('>%di' % n1, buf, pos))
            pos += 4 * n1
            a0.append(x0)
    obj['groups'] = []
    obj['require_stable'] = False
    return obj, pos


def _OffsetFetchRequest_v2_encode(obj, w):
    # OffsetFetchRequest v2: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)
    v0_topics = g0('topics', [])
    w(_pack_i(-1 if v0_topics is None else len(v0_topics)))
    if v0_topics is not None:
        for x0 in v0_topics:
            g2 = x0.get if isinstance(x0, dict) else _getter(x0)
            v2_name = g2('name')
            if v2_name is None:
                v2_name = ''
            v2_name_bytes = v2_name.encode()
            w(_pack_h(len(v2_name_bytes)))
            w(v2_name_bytes)
            v2_partition_indexes = g2('partition_indexes')
            if v2_partition_indexes is None:
                v2_partition_indexes = []
            w(_pack_i(len(v2_partition_indexes)))
            w(_pack_i_arrays[len(v2_partition_indexes)](*v2_partition_indexes) if len(v2_partition_indexes) < 32 else _struct_pack('>%di' % len(v2_partition_indexes), *v2_partition_indexes))


def _OffsetFetchRequest_v6_decode(buf, pos):
    # OffsetFetchRequest v6: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at OffsetFetchRequest.group_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('OffsetFetchRequest.group_id')
    obj['group_id'] = buf[pos:e1].decode()
    pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['topics'] = None
    else:
        n1 -= 1
        if n1 > 1000000 or n1 * 3 > end - pos:
            raise _too_many(n1, end - pos, 'OffsetFetchRequest.topics')
        obj['topics'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            n3 = buf[pos]
            if n3 > 127:
                n3, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n3:
                raise _Err("null in non-nullable string at OffsetFetchRequest.topics[].name")
            n3 -= 1
            e3 = pos + n3
            if e3 > end:
                raise _truncated('OffsetFetchRequest.topics[].name')
            x1['name'] = buf[pos:e3].decode()
            pos = e3
            n3 = buf[pos]
            if n3 > 127:
                n3, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n3:
                raise _Err("null in non-nullable array at OffsetFetchRequest.topics[].partition_indexes")
            n3 -= 1
            if n3 > 1000000 or n3 * 4 > end - pos:
                raise _too_many(n3, end - pos, 'OffsetFetchRequest.topics[].partition_indexes')
            x1['partition_indexes'] = list(_unpack_from_i_arrays[n3](buf, pos) if n3 < 32 else _struct_unpack_from('>%di' % n3, buf, pos))
            pos += 4 * n3
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x1, _NO_TAGS, 'OffsetFetchRequest.topics[]')
            else:
                pos += 1
            a1.append(x1)
    obj['groups'] = []
    obj['require_stable'] = False
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'OffsetFetchRequest')
    else:
        pos += 1
    return obj, pos


def _OffsetFetchRequest_v6_encode(obj, w):
    # OffsetFetchRequest v6: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    n0 = len(v0_group_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_group_id_bytes)
    v0_topics = g0('topics', [])
    if v0_topics is None:
        w(b'\x00')
    else:
        n0 = len(v0_topics) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        for x0 in v0_topics:
            g2 = x0.get if isinstance(x0, dict) else _getter(x0)
            v2_name = g2('name')
            if v2_name is None:
                v2_name = ''
            v2_name_bytes = v2_name.encode()
            n2 = len(v2_name_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_name_bytes)
            v2_partition_indexes = g2('partition_indexes')
            if v2_partition_indexes is None:
                v2_partition_indexes = []
            n2 = len(v2_partition_indexes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(_pack_i_arrays[len(v2_partition_indexes)](*v2_partition_indexes) if len(v2_partition_indexes) < 32 else _struct_pack('>%di' % len(v2_partition_indexes), *v2_partition_indexes))
            u2 = g2('_unknown_tags', None)
            if u2:
                _write_tags(w, sorted(u2.items()))
            else:
                w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _OffsetFetchRequest_v7_decode(buf, pos):
    # OffsetFetchRequest v7: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at OffsetFetchRequest.group_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('OffsetFetchRequest.group_id')
    obj['group_id'] = buf[pos:e1].decode()
    pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['topics'] = None
    else:
        n1 -= 1
        if n1 > 1000000 or n1 * 3 > end - pos:
            raise _too_many(n1, end - pos, 'OffsetFetchRequest.topics')
        obj['topics'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            n3 = buf[pos]
            if n3 > 127:
                n3, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n3:
                raise _Err("null in non-nullable string at OffsetFetchRequest.topics[].name")
            n3 -= 1
            e3 = pos + n3
            if e3 > end:
                raise _truncated('OffsetFetchRequest.topics[].name')
            x1['name'] = buf[pos:e3].decode()
            pos = e3
            n3 = buf[pos]
            if n3 > 127:
                n3, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n3:
                raise _Err("null in non-nullable array at OffsetFetchRequest.topics[].partition_indexes")
            n3 -= 1
            if n3 > 1000000 or n3 * 4 > end - pos:
                raise _too_many(n3, end - pos, 'OffsetFetchRequest.topics[].partition_indexes')
            x1['partition_indexes'] = list(_unpack_from_i_arrays[n3](buf, pos) if n3 < 32 else _struct_unpack_from('>%di' % n3, buf, pos))
            pos += 4 * n3
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x1, _NO_TAGS, 'OffsetFetchRequest.topics[]')
            else:
                pos += 1
            a1.append(x1)
    obj['require_stable'], = _unpack_from_o(buf, pos)
    pos += 1
    obj['groups'] = []
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'OffsetFetchRequest')
    else:
        pos += 1
    return obj, pos


def _OffsetFetchRequest_v7_encode(obj, w):
    # OffsetFetchRequest v7: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    n0 = len(v0_group_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_group_id_bytes)
    v0_topics = g0('topics', [])
    if v0_topics is None:
        w(b'\x00')
    else:
        n0 = len(v0_topics) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        for x0 in v0_topics:
            g2 = x0.get if isinstance(x0, dict) else _getter(x0)
            v2_name = g2('name')
            if v2_name is None:
                v2_name = ''
            v2_name_bytes = v2_name.encode()
            n2 = len(v2_name_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_name_bytes)
            v2_partition_indexes = g2('partition_indexes')
            if v2_partition_indexes is None:
                v2_partition_indexes = []
            n2 = len(v2_partition_indexes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(_pack_i_arrays[len(v2_partition_indexes)](*v2_partition_indexes) if len(v2_partition_indexes) < 32 else _struct_pack('>%di' % len(v2_partition_indexes), *v2_partition_indexes))
            u2 = g2('_unknown_tags', None)
            if u2:
                _write_tags(w, sorted(u2.items()))
            else:
                w(b'\x00')  # no tagged fields
    v0_require_stable = g0('require_stable')
    if v0_require_stable is None:
        v0_require_stable = False
    w(_pack_o(v0_require_stable))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _OffsetFetchRequest_v8_decode(buf, pos):
    # OffsetFetchRequest v8: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at OffsetFetchRequest.groups")
    n1 -= 1
    if n1 > 1000000 or n1 * 3 > end - pos:
        raise _too_many(n1, end - pos, 'OffsetFetchRequest.groups')
    obj['groups'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at OffsetFetchRequest.groups[].group_id")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('OffsetFetchRequest.groups[].group_id')
        x1['group_id'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            x1['topics'] = None
        else:
            n3 -= 1
            if n3 > 1000000 or n3 * 3 > end - pos:
                raise _too_many(n3, end - pos, 'OffsetFetchRequest.groups[].topics')
            x1['topics'] = a3 = []
            for _ in range(n3):
                x3 = Container()
                n5 = buf[pos]
                if n5 > 127:
                    n5, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n5:
                    raise _Err("null in non-nullable string at OffsetFetchRequest.groups[].topics[].name")
                n5 -= 1
                e5 = pos + n5
                if e5 > end:
                    raise _truncated('OffsetFetchRequest.groups[].topics[].name')
                x3['name'] = buf[pos:e5].decode()
                pos = e5
                n5 = buf[pos]
                if n5 > 127:
                    n5, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n5:
                    raise _Err("null in non-nullable array at OffsetFetchRequest.groups[].topics[].partition_indexes")
                n5 -= 1
                if n5 > 1000000 or n5 * 4 > end - pos:
                    raise _too_many(n5, end - pos, 'OffsetFetchRequest.groups[].topics[].partition_indexes')
                x3['partition_indexes'] = list(_unpack_from_i_arrays[n5](buf, pos) if n5 < 32 else _struct_unpack_from('>%di' % n5, buf, pos))
                pos += 4 * n5
                if buf[pos]:  # tagged fields
                    pos = _read_tags(buf, pos, x3, _NO_TAGS, 'OffsetFetchRequest.groups[].topics[]')
                else:
                    pos += 1
                a3.append(x3)
        x1['member_id'] = None
        x1['member_epoch'] = -1
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'OffsetFetchRequest.groups[]')
        else:
            pos += 1
        a1.append(x1)
    obj['require_stable'], = _unpack_from_o(buf, pos)
    pos += 1
    obj['group_id'] = ''
    obj['topics'] = []
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'OffsetFetchRequest')
    else:
        pos += 1
    return obj, pos


def _OffsetFetchRequest_v8_encode(obj, w):
    # OffsetFetchRequest v8: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_groups = g0('groups')
    if v0_groups is None:
        v0_groups = []
    n0 = len(v0_groups) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_groups:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_group_id = g2('group_id')
        if v2_group_id is None:
            v2_group_id = ''
        v2_group_id_bytes = v2_group_id.encode()
        n2 = len(v2_group_id_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_group_id_bytes)
        v2_topics = g2('topics', [])
        if v2_topics is None:
            w(b'\x00')
        else:
            n2 = len(v2_topics) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            for x2 in v2_topics:
                g4 = x2.get if isinstance(x2, dict) else _getter(x2)
                v4_name = g4('name')
                if v4_name is None:
                    v4_name = ''
                v4_name_bytes = v4_name.encode()
                n4 = len(v4_name_bytes) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_name_bytes)
                v4_partition_indexes = g4('partition_indexes')
                if v4_partition_indexes is None:
                    v4_partition_indexes = []
                n4 = len(v4_partition_indexes) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(_pack_i_arrays[len(v4_partition_indexes)](*v4_partition_indexes) if len(v4_partition_indexes) < 32 else _struct_pack('>%di' % len(v4_partition_indexes), *v4_partition_indexes))
                u4 = g4('_unknown_tags', None)
                if u4:
                    _write_tags(w, sorted(u4.items()))
                else:
                    w(b'\x00')  # no tagged fields
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_require_stable = g0('require_stable')
    if v0_require_stable is None:
        v0_require_stable = False
    w(_pack_o(v0_require_stable))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _OffsetFetchRequest_v9_decode(buf, pos):
    # OffsetFetchRequest v9: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at OffsetFetchRequest.groups")
    n1 -= 1
    if n1 > 1000000 or n1 * 8 > end - pos:
        raise _too_many(n1, end - pos, 'OffsetFetchRequest.groups')
    obj['groups'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at OffsetFetchRequest.groups[].group_id")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('OffsetFetchRequest.groups[].group_id')
        x1['group_id'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            x1['member_id'] = None
        else:
            n3 -= 1
            e3 = pos + n3
            if e3 > end:
                raise _truncated('OffsetFetchRequest.groups[].member_id')
            x1['member_id'] = buf[pos:e3].decode()
            pos = e3
        x1['member_epoch'], = _unpack_from_i(buf, pos)
        pos += 4
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            x1['topics'] = None
        else:
            n3 -= 1
            if n3 > 1000000 or n3 * 3 > end - pos:
                raise _too_many(n3, end - pos, 'OffsetFetchRequest.groups[].topics')
            x1['topics'] = a3 = []
            for _ in range(n3):
                x3 = Container()
                n5 = buf[pos]
                if n5 > 127:
                    n5, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n5:
                    raise _Err("null in non-nullable string at OffsetFetchRequest.groups[].topics[].name")
                n5 -= 1
                e5 = pos + n5
                if e5 > end:
                    raise _truncated('OffsetFetchRequest.groups[].topics[].name')
                x3['name'] = buf[pos:e5].decode()
                pos = e5
                n5 = buf[pos]
                if n5 > 127:
                    n5, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n5:
                    raise _Err("null in non-nullable array at OffsetFetchRequest.groups[].topics[].partition_indexes")
                n5 -= 1
                if n5 > 1000000 or n5 * 4 > end - pos:
                    raise _too_many(n5, end - pos, 'OffsetFetchRequest.groups[].topics[].partition_indexes')
                x3['partition_indexes'] = list(_unpack_from_i_arrays[n5](buf, pos) if n5 < 32 else _struct_unpack_from('>%di' % n5, buf, pos))
                pos += 4 * n5
                if buf[pos]:  # tagged fields
                    pos = _read_tags(buf, pos, x3, _NO_TAGS, 'OffsetFetchRequest.groups[].topics[]')
                else:
                    pos += 1
                a3.append(x3)
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'OffsetFetchRequest.groups[]')
        else:
            pos += 1
        a1.append(x1)
    obj['require_stable'], = _unpack_from_o(buf, pos)
    pos += 1
    obj['group_id'] = ''
    obj['topics'] = []
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'OffsetFetchRequest')
    else:
        pos += 1
    return obj, pos


def _OffsetFetchRequest_v9_encode(obj, w):
    # OffsetFetchRequest v9: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_groups = g0('groups')
    if v0_groups is None:
        v0_groups = []
    n0 = len(v0_groups) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_groups:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_group_id = g2('group_id')
        if v2_group_id is None:
            v2_group_id = ''
        v2_group_id_bytes = v2_group_id.encode()
        n2 = len(v2_group_id_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_group_id_bytes)
        v2_member_id = g2('member_id', None)
        v2_member_id_bytes = None if v2_member_id is None else v2_member_id.encode()
        if v2_member_id_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_member_id_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_member_id_bytes)
        v2_member_epoch = g2('member_epoch')
        if v2_member_epoch is None:
            v2_member_epoch = -1
        v2_topics = g2('topics', [])
        w(_pack_i(v2_member_epoch))
        if v2_topics is None:
            w(b'\x00')
        else:
            n2 = len(v2_topics) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            for x2 in v2_topics:
                g4 = x2.get if isinstance(x2, dict) else _getter(x2)
                v4_name = g4('name')
                if v4_name is None:
                    v4_name = ''
                v4_name_bytes = v4_name.encode()
                n4 = len(v4_name_bytes) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_name_bytes)
                v4_partition_indexes = g4('partition_indexes')
                if v4_partition_indexes is None:
                    v4_partition_indexes = []
                n4 = len(v4_partition_indexes) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(_pack_i_arrays[len(v4_partition_indexes)](*v4_partition_indexes) if len(v4_partition_indexes) < 32 else _struct_pack('>%di' % len(v4_partition_indexes), *v4_partition_indexes))
                u4 = g4('_unknown_tags', None)
                if u4:
                    _write_tags(w, sorted(u4.items()))
                else:
                    w(b'\x00')  # no tagged fields
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_require_stable = g0('require_stable')
    if v0_require_stable is None:
        v0_require_stable = False
    w(_pack_o(v0_require_stable))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _OffsetFetchResponse_v0_decode(buf, pos):
    # OffsetFetchResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at OffsetFetchResponse.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'OffsetFetchResponse.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at OffsetFetchResponse.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('OffsetFetchResponse.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at OffsetFetchResponse.topics[].partitions")
        if n1 > 1000000 or n1 * 16 > end - pos:
            raise _too_many(n1, end - pos, 'OffsetFetchResponse.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['committed_offset'], n2 = _unpack_from_iqh(buf, pos)
            pos += 14
            if n2 < 0:
                x1['metadata'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('OffsetFetchResponse.topics[].partitions[].metadata')
                x1['metadata'] = buf[pos:e2].decode()
                pos = e2
            x1['error_code'], = _unpack_from_h(buf, pos)
            pos += 2
            x1['committed_leader_epoch'] = -1
            a1.append(x1)
        a0.append(x0)
    obj['throttle_time_ms'] = 0
    obj['error_code'] = 0
    obj['groups'] = []
    return obj, pos


def _OffsetFetchResponse_v0_encode(obj, w):
    # OffsetFetchResponse v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_i(len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_committed_offset = g4('committed_offset')
            if v4_committed_offset is None:
                v4_committed_offset = 0
            v4_metadata = g4('metadata', '')
            v4_metadata_bytes = None if v4_metadata is None else v4_metadata.encode()
            w(_pack_iqh(v4_partition_index, v4_committed_offset, -1 if v4_metadata_bytes is None else len(v4_metadata_bytes)))
            if v4_metadata_bytes is not None:
                w(v4_metadata_bytes)
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            w(_pack_h(v4_error_code))


def _OffsetFetchResponse_v2_decode(buf, pos):
    # OffsetFetchResponse v2: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at OffsetFetchResponse.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'OffsetFetchResponse.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at OffsetFetchResponse.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('OffsetFetchResponse.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at OffsetFetchResponse.topics[].partitions")
        if n1 > 1000000 or n1 * 16 > end - pos:
            raise _too_many(n1, end - pos, 'OffsetFetchResponse.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['committed_offset'], n2 = _unpack_from_iqh(buf, pos)
            pos += 14
            if n2 < 0:
                x1['metadata'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('OffsetFetchResponse.topics[].partitions[].metadata')
                x1['metadata'] = buf[pos:e2].decode()
                pos = e2
            x1['error_code'], = _unpack_from_h(buf, pos)
            pos += 2
            x1['committed_leader_epoch'] = -1
            a1.append(x1)
        a0.append(x0)
    obj['error_code'], = _unpack_from_h(buf, pos)
    pos += 2
    obj['throttle_time_ms'] = 0
    obj['groups'] = []
    return obj, pos


def _OffsetFetchResponse_v2_encode(obj, w):
    # OffsetFetchResponse v2: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_i(len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_committed_offset = g4('committed_offset')
            if v4_committed_offset is None:
                v4_committed_offset = 0
            v4_metadata = g4('metadata', '')
            v4_metadata_bytes = None if v4_metadata is None else v4_metadata.encode()
            w(_pack_iqh(v4_partition_index, v4_committed_offset, -1 if v4_metadata_bytes is None else len(v4_metadata_bytes)))
            if v4_metadata_bytes is not None:
                w(v4_metadata_bytes)
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            w(_pack_h(v4_error_code))
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    w(_pack_h(v0_error_code))


def _OffsetFetchResponse_v3_decode(buf, pos):
    # OffsetFetchResponse v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at OffsetFetchResponse.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'OffsetFetchResponse.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at OffsetFetchResponse.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('OffsetFetchResponse.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at OffsetFetchResponse.topics[].partitions")
        if n1 > 1000000 or n1 * 16 > end - pos:
            raise _too_many(n1, end - pos, 'OffsetFetchResponse.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['committed_offset'], n2 = _unpack_from_iqh(buf, pos)
            pos += 14
            if n2 < 0:
                x1['metadata'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('OffsetFetchResponse.topics[].partitions[].metadata')
                x1['metadata'] = buf[pos:e2].decode()
                pos = e2
            x1['error_code'], = _unpack_from_h(buf, pos)
            pos += 2
            x1['committed_leader_epoch'] = -1
            a1.append(x1)
        a0.append(x0)
    obj['error_code'], = _unpack_from_h(buf, pos)
    pos += 2
    obj['groups'] = []
    return obj, pos


def _OffsetFetchResponse_v3_encode(obj, w):
    # OffsetFetchResponse v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_ii(v0_throttle_time_ms, len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_committed_offset = g4('committed_offset')
            if v4_committed_offset is None:
                v4_committed_offset = 0
            v4_metadata = g4('metadata', '')
            v4_metadata_bytes = None if v4_metadata is None else v4_metadata.encode()
            w(_pack_iqh(v4_partition_index, v4_committed_offset, -1 if v4_metadata_bytes is None else len(v4_metadata_bytes)))
            if v4_metadata_bytes is not None:
                w(v4_metadata_bytes)
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            w(_pack_h(v4_error_code))
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    w(_pack_h(v0_error_code))


def _OffsetFetchResponse_v5_decode(buf, pos):
    # OffsetFetchResponse v5: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at OffsetFetchResponse.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'OffsetFetchResponse.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at OffsetFetchResponse.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('OffsetFetchResponse.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at OffsetFetchResponse.topics[].partitions")
        if n1 > 1000000 or n1 * 20 > end - pos:
            raise _too_many(n1, end - pos, 'OffsetFetchResponse.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['committed_offset'], x1['committed_leader_epoch'], n2 = _unpack_from_iqih(buf, pos)
            pos += 18
            if n2 < 0:
                x1['metadata'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('OffsetFetchResponse.topics[].partitions[].metadata')
                x1['metadata'] = buf[pos:e2].decode()
                pos = e2
            x1['error_code'], = _unpack_from_h(buf, pos)
            pos += 2
            a1.append(x1)
        a0.append(x0)
    obj['error_code'], = _unpack_from_h(buf, pos)
    pos += 2
    obj['groups'] = []
    return obj, pos


def _OffsetFetchResponse_v5_encode(obj, w):
    # OffsetFetchResponse v5: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_ii(v0_throttle_time_ms, len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_committed_offset = g4('committed_offset')
            if v4_committed_offset is None:
                v4_committed_offset = 0
            v4_committed_leader_epoch = g4('committed_leader_epoch')
            if v4_committed_leader_epoch is None:
                v4_committed_leader_epoch = -1
            v4_metadata = g4('metadata', '')
            v4_metadata_bytes = None if v4_metadata is None else v4_metadata.encode()
            w(_pack_iqih(v4_partition_index, v4_committed_offset, v4_committed_leader_epoch, -1 if v4_metadata_bytes is None else len(v4_metadata_bytes)))
            if v4_metadata_bytes is not None:
                w(v4_metadata_bytes)
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            w(_pack_h(v4_error_code))
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    w(_pack_h(v0_error_code))


def _OffsetFetchResponse_v6_decode(buf, pos):
    # OffsetFetchResponse v6: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], = _unpack_from_i(buf, pos)
    pos += 4
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at OffsetFetchResponse.topics")
    n1 -= 1
    if n1 > 1000000 or n1 * 3 > end - pos:
        raise _too_many(n1, end - pos, 'OffsetFetchResponse.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at OffsetFetchResponse.topics[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('OffsetFetchResponse.topics[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at OffsetFetchResponse.topics[].partitions")
        n3 -= 1
        if n3 > 1000000 or n3 * 20 > end - pos:
            raise _too_many(n3, end - pos, 'OffsetFetchResponse.topics[].partitions')
        x1['partitions'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['partition_index'], x3['committed_offset'], x3['committed_leader_epoch'] = _unpack_from_iqi(buf, pos)
            pos += 16
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                x3['metadata'] = None
            else:
                n5 -= 1
                e5 = pos + n5
                if e5 > end:
                    raise _truncated('OffsetFetchResponse.topics[].partitions[].metadata')
                x3['metadata'] = buf[pos:e5].decode()
                pos = e5
            x3['error_code'], = _unpack_from_h(buf, pos)
            pos += 2
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'OffsetFetchResponse.topics[].partitions[]')
            else:
                pos += 1
            a3.append(x3)
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'OffsetFetchResponse.topics[]')
        else:
            pos += 1
        a1.append(x1)
    obj['error_code'], = _unpack_from_h(buf, pos)
    pos += 2
    obj['groups'] = []
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'OffsetFetchResponse')
    else:
        pos += 1
    return obj, pos


def _OffsetFetchResponse_v6_encode(obj, w):
    # OffsetFetchResponse v6: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_i(v0_throttle_time_ms))
    n0 = len(v0_topics) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        n2 = len(v2_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_committed_offset = g4('committed_offset')
            if v4_committed_offset is None:
                v4_committed_offset = 0
            v4_committed_leader_epoch = g4('committed_leader_epoch')
            if v4_committed_leader_epoch is None:
                v4_committed_leader_epoch = -1
            v4_metadata = g4('metadata', '')
            v4_metadata_bytes = None if v4_metadata is None else v4_metadata.encode()
            w(_pack_iqi(v4_partition_index, v4_committed_offset, v4_committed_leader_epoch))
            if v4_metadata_bytes is None:
                w(b'\x00')
            else:
                n4 = len(v4_metadata_bytes) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_metadata_bytes)
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            w(_pack_h(v4_error_code))
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    w(_pack_h(v0_error_code))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _OffsetFetchResponse_v8_decode(buf, pos):
    # OffsetFetchResponse v8: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], = _unpack_from_i(buf, pos)
    pos += 4
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at OffsetFetchResponse.groups")
    n1 -= 1
    if n1 > 1000000 or n1 * 5 > end - pos:
        raise _too_many(n1, end - pos, 'OffsetFetchResponse.groups')
    obj['groups'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at OffsetFetchResponse.groups[].group_id")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('OffsetFetchResponse.groups[].group_id')
        x1['group_id'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at OffsetFetchResponse.groups[].topics")
        n3 -= 1
        if n3 > 1000000 or n3 * 3 > end - pos:
            raise _too_many(n3, end - pos, 'OffsetFetchResponse.groups[].topics')
        x1['topics'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at OffsetFetchResponse.groups[].topics[].name")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('OffsetFetchResponse.groups[].topics[].name')
            x3['name'] = buf[pos:e5].decode()
            pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at OffsetFetchResponse.groups[].topics[].partitions")
            n5 -= 1
            if n5 > 1000000 or n5 * 20 > end - pos:
                raise _too_many(n5, end - pos, 'OffsetFetchResponse.groups[].topics[].partitions')
            x3['partitions'] = a5 = []
            for _ in range(n5):
                x5 = Container()
                x5['partition_index'], x5['committed_offset'], x5['committed_leader_epoch'] = _unpack_from_iqi(buf, pos)
                pos += 16
                n7 = buf[pos]
                if n7 > 127:
                    n7, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n7:
                    x5['metadata'] = None
                else:
                    n7 -= 1
                    e7 = pos + n7
                    if e7 > end:
                        raise _truncated('OffsetFetchResponse.groups[].topics[].partitions[].metadata')
                    x5['metadata'] = buf[pos:e7].decode()
                    pos = e7
                x5['error_code'], = _unpack_from_h(buf, pos)
                pos += 2
                if buf[pos]:  # tagged fields
                    pos = _read_tags(buf, pos, x5, _NO_TAGS, 'OffsetFetchResponse.groups[].topics[].partitions[]')
                else:
                    pos += 1
                a5.append(x5)
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'OffsetFetchResponse.groups[].topics[]')
            else:
                pos += 1
            a3.append(x3)
        x1['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'OffsetFetchResponse.groups[]')
        else:
            pos += 1
        a1.append(x1)
    obj['topics'] = []
    obj['error_code'] = 0
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'OffsetFetchResponse')
    else:
        pos += 1
    return obj, pos


def _OffsetFetchResponse_v8_encode(obj, w):
    # OffsetFetchResponse v8: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_groups = g0('groups')
    if v0_groups is None:
        v0_groups = []
    w(_pack_i(v0_throttle_time_ms))
    n0 = len(v0_groups) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_groups:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_group_id = g2('group_id')
        if v2_group_id is None:
            v2_group_id = ''
        v2_group_id_bytes = v2_group_id.encode()
        n2 = len(v2_group_id_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_group_id_bytes)
        v2_topics = g2('topics')
        if v2_topics is None:
            v2_topics = []
        n2 = len(v2_topics) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_topics:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_name = g4('name')
            if v4_name is None:
                v4_name = ''
            v4_name_bytes = v4_name.encode()
            n4 = len(v4_name_bytes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_name_bytes)
            v4_partitions = g4('partitions')
            if v4_partitions is None:
                v4_partitions = []
            n4 = len(v4_partitions) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            for x4 in v4_partitions:
                g6 = x4.get if isinstance(x4, dict) else _getter(x4)
                v6_partition_index = g6('partition_index')
                if v6_partition_index is None:
                    v6_partition_index = 0
                v6_committed_offset = g6('committed_offset')
                if v6_committed_offset is None:
                    v6_committed_offset = 0
                v6_committed_leader_epoch = g6('committed_leader_epoch')
                if v6_committed_leader_epoch is None:
                    v6_committed_leader_epoch = -1
                v6_metadata = g6('metadata', '')
                v6_metadata_bytes = None if v6_metadata is None else v6_metadata.encode()
                w(_pack_iqi(v6_partition_index, v6_committed_offset, v6_committed_leader_epoch))
                if v6_metadata_bytes is None:
                    w(b'\x00')
                else:
                    n6 = len(v6_metadata_bytes) + 1
                    w(_UV[n6] if n6 < 128 else _uv(n6))
                    w(v6_metadata_bytes)
                v6_error_code = g6('error_code')
                if v6_error_code is None:
                    v6_error_code = 0
                w(_pack_h(v6_error_code))
                u6 = g6('_unknown_tags', None)
                if u6:
                    _write_tags(w, sorted(u6.items()))
                else:
                    w(b'\x00')  # no tagged fields
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        w(_pack_h(v2_error_code))
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _FindCoordinatorRequest_v0_decode(buf, pos):
    # FindCoordinatorRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at FindCoordinatorRequest.key")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('FindCoordinatorRequest.key')
    obj['key'] = buf[pos:e0].decode()
    pos = e0
    obj['key_type'] = 0
    obj['coordinator_keys'] = []
    return obj, pos


def _FindCoordinatorRequest_v0_encode(obj, w):
    # FindCoordinatorRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_key = g0('key')
    if v0_key is None:
        v0_key = ''
    v0_key_bytes = v0_key.encode()
    w(_pack_h(len(v0_key_bytes)))
    w(v0_key_bytes)


def _FindCoordinatorRequest_v1_decode(buf, pos):
    # FindCoordinatorRequest v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at FindCoordinatorRequest.key")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('FindCoordinatorRequest.key')
    obj['key'] = buf[pos:e0].decode()
    pos = e0
    obj['key_type'], = _unpack_from_b(buf, pos)
    pos += 1
    obj['coordinator_keys'] = []
    return obj, pos


def _FindCoordinatorRequest_v1_encode(obj, w):
    # FindCoordinatorRequest v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_key = g0('key')
    if v0_key is None:
        v0_key = ''
    v0_key_bytes = v0_key.encode()
    w(_pack_h(len(v0_key_bytes)))
    w(v0_key_bytes)
    v0_key_type = g0('key_type')
    if v0_key_type is None:
        v0_key_type = 0
    w(_pack_b(v0_key_type))


def _FindCoordinatorRequest_v3_decode(buf, pos):
    # FindCoordinatorRequest v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at FindCoordinatorRequest.key")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('FindCoordinatorRequest.key')
    obj['key'] = buf[pos:e1].decode()
    pos = e1
    obj['key_type'], = _unpack_from_b(buf, pos)
    pos += 1
    obj['coordinator_keys'] = []
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'FindCoordinatorRequest')
    else:
        pos += 1
    return obj, pos


def _FindCoordinatorRequest_v3_encode(obj, w):
    # FindCoordinatorRequest v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_key = g0('key')
    if v0_key is None:
        v0_key = ''
    v0_key_bytes = v0_key.encode()
    n0 = len(v0_key_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_key_bytes)
    v0_key_type = g0('key_type')
    if v0_key_type is None:
        v0_key_type = 0
    w(_pack_b(v0_key_type))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _FindCoordinatorRequest_v4_decode(buf, pos):
    # FindCoordinatorRequest v4: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['key_type'], = _unpack_from_b(buf, pos)
    pos += 1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at FindCoordinatorRequest.coordinator_keys")
    n1 -= 1
    if n1 > 1000000 or n1 > end - pos:
        raise _too_many(n1, end - pos, 'FindCoordinatorRequest.coordinator_keys')
    obj['coordinator_keys'] = a1 = []
    for _ in range(n1):
        n2 = buf[pos]
        if n2 > 127:
            n2, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n2:
            raise _Err("null in non-nullable string at FindCoordinatorRequest.coordinator_keys[]")
        n2 -= 1
        e2 = pos + n2
        if e2 > end:
            raise _truncated('FindCoordinatorRequest.coordinator_keys[]')
        x1 = buf[pos:e2].decode()
        pos = e2
        a1.append(x1)
    obj['key'] = ''
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'FindCoordinatorRequest')
    else:
        pos += 1
    return obj, pos


def _FindCoordinatorRequest_v4_encode(obj, w):
    # FindCoordinatorRequest v4: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_key_type = g0('key_type')
    if v0_key_type is None:
        v0_key_type = 0
    v0_coordinator_keys = g0('coordinator_keys')
    if v0_coordinator_keys is None:
        v0_coordinator_keys = []
    w(_pack_b(v0_key_type))
    n0 = len(v0_coordinator_keys) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_coordinator_keys:
        if x0 is None:
            raise _null_build('string', 'FindCoordinatorRequest.coordinator_keys[]')
        x0_bytes = x0.encode()
        n1 = len(x0_bytes) + 1
        w(_UV[n1] if n1 < 128 else _uv(n1))
        w(x0_bytes)
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _FindCoordinatorResponse_v0_decode(buf, pos):
    # FindCoordinatorResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['error_code'], obj['node_id'], n0 = _unpack_from_hih(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable string at FindCoordinatorResponse.host")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('FindCoordinatorResponse.host')
    obj['host'] = buf[pos:e0].decode()
    pos = e0
    obj['port'], = _unpack_from_i(buf, pos)
    pos += 4
    obj['throttle_time_ms'] = 0
    obj['error_message'] = ''
    obj['coordinators'] = []
    return obj, pos


def _FindCoordinatorResponse_v0_encode(obj, w):
    # FindCoordinatorResponse v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_node_id = g0('node_id')
    if v0_node_id is None:
        v0_node_id = 0
    v0_host = g0('host')
    if v0_host is None:
        v0_host = ''
    v0_host_bytes = v0_host.encode()
    w(_pack_hih(v0_error_code, v0_node_id, len(v0_host_bytes)))
    w(v0_host_bytes)
    v0_port = g0('port')
    if v0_port is None:
        v0_port = 0
    w(_pack_i(v0_port))


def _FindCoordinatorResponse_v1_decode(buf, pos):
    # FindCoordinatorResponse v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], obj['error_code'], n0 = _unpack_from_ihh(buf, pos)
    pos += 8
    if n0 < 0:
        obj['error_message'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('FindCoordinatorResponse.error_message')
        obj['error_message'] = buf[pos:e0].decode()
        pos = e0
    obj['node_id'], n0 = _unpack_from_ih(buf, pos)
    pos += 6
    if n0 < 0:
        raise _Err("null in non-nullable string at FindCoordinatorResponse.host")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('FindCoordinatorResponse.host')
    obj['host'] = buf[pos:e0].decode()
    pos = e0
    obj['port'], = _unpack_from_i(buf, pos)
    pos += 4
    obj['coordinators'] = []
    return obj, pos


def _FindCoordinatorResponse_v1_encode(obj, w):
    # FindCoordinatorResponse v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_error_message = g0('error_message', '')
    v0_error_message_bytes = None if v0_error_message is None else v0_error_message.encode()
    w(_pack_ihh(v0_throttle_time_ms, v0_error_code, -1 if v0_error_message_bytes is None else len(v0_error_message_bytes)))
    if v0_error_message_bytes is not None:
        w(v0_error_message_bytes)
    v0_node_id = g0('node_id')
    if v0_node_id is None:
        v0_node_id = 0
    v0_host = g0('host')
    if v0_host is None:
        v0_host = ''
    v0_host_bytes = v0_host.encode()
    w(_pack_ih(v0_node_id, len(v0_host_bytes)))
    w(v0_host_bytes)
    v0_port = g0('port')
    if v0_port is None:
        v0_port = 0
    w(_pack_i(v0_port))


def _FindCoordinatorResponse_v3_decode(buf, pos):
    # FindCoordinatorResponse v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], obj['error_code'] = _unpack_from_ih(buf, pos)
    pos += 6
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['error_message'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('FindCoordinatorResponse.error_message')
        obj['error_message'] = buf[pos:e1].decode()
        pos = e1
    obj['node_id'], = _unpack_from_i(buf, pos)
    pos += 4
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at FindCoordinatorResponse.host")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('FindCoordinatorResponse.host')
    obj['host'] = buf[pos:e1].decode()
    pos = e1
    obj['port'], = _unpack_from_i(buf, pos)
    pos += 4
    obj['coordinators'] = []
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'FindCoordinatorResponse')
    else:
        pos += 1
    return obj, pos


def _FindCoordinatorResponse_v3_encode(obj, w):
    # FindCoordinatorResponse v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_error_message = g0('error_message', '')
    v0_error_message_bytes = None if v0_error_message is None else v0_error_message.encode()
    w(_pack_ih(v0_throttle_time_ms, v0_error_code))
    if v0_error_message_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_error_message_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_error_message_bytes)
    v0_node_id = g0('node_id')
    if v0_node_id is None:
        v0_node_id = 0
    v0_host = g0('host')
    if v0_host is None:
        v0_host = ''
    v0_host_bytes = v0_host.encode()
    w(_pack_i(v0_node_id))
    n0 = len(v0_host_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_host_bytes)
    v0_port = g0('port')
    if v0_port is None:
        v0_port = 0
    w(_pack_i(v0_port))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _FindCoordinatorResponse_v4_decode(buf, pos):
    # FindCoordinatorResponse v4: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], = _unpack_from_i(buf, pos)
    pos += 4
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at FindCoordinatorResponse.coordinators")
    n1 -= 1
    if n1 > 1000000 or n1 * 14 > end - pos:
        raise _too_many(n1, end - pos, 'FindCoordinatorResponse.coordinators')
    obj['coordinators'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at FindCoordinatorResponse.coordinators[].key")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('FindCoordinatorResponse.coordinators[].key')
        x1['key'] = buf[pos:e3].decode()
        pos = e3
        x1['node_id'], = _unpack_from_i(buf, pos)
        pos += 4
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at FindCoordinatorResponse.coordinators[].host")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('FindCoordinatorResponse.coordinators[].host')
        x1['host'] = buf[pos:e3].decode()
        pos = e3
        x1['port'], x1['error_code'] = _unpack_from_ih(buf, pos)
        pos += 6
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            x1['error_message'] = None
        else:
            n3 -= 1
            e3 = pos + n3
            if e3 > end:
                raise _truncated('FindCoordinatorResponse.coordinators[].error_message')
            x1['error_message'] = buf[pos:e3].decode()
            pos = e3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'FindCoordinatorResponse.coordinators[]')
        else:
            pos += 1
        a1.append(x1)
    obj['error_code'] = 0
    obj['error_message'] = ''
    obj['node_id'] = 0
    obj['host'] = ''
    obj['port'] = 0
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'FindCoordinatorResponse')
    else:
        pos += 1
    return obj, pos


def _FindCoordinatorResponse_v4_encode(obj, w):
    # FindCoordinatorResponse v4: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_coordinators = g0('coordinators')
    if v0_coordinators is None:
        v0_coordinators = []
    w(_pack_i(v0_throttle_time_ms))
    n0 = len(v0_coordinators) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_coordinators:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_key = g2('key')
        if v2_key is None:
            v2_key = ''
        v2_key_bytes = v2_key.encode()
        n2 = len(v2_key_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_key_bytes)
        v2_node_id = g2('node_id')
        if v2_node_id is None:
            v2_node_id = 0
        v2_host = g2('host')
        if v2_host is None:
            v2_host = ''
        v2_host_bytes = v2_host.encode()
        w(_pack_i(v2_node_id))
        n2 = len(v2_host_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_host_bytes)
        v2_port = g2('port')
        if v2_port is None:
            v2_port = 0
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_error_message = g2('error_message', '')
        v2_error_message_bytes = None if v2_error_message is None else v2_error_message.encode()
        w(_pack_ih(v2_port, v2_error_code))
        if v2_error_message_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_error_message_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_error_message_bytes)
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _JoinGroupRequest_v0_decode(buf, pos):
    # JoinGroupRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at JoinGroupRequest.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('JoinGroupRequest.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    obj['session_timeout_ms'], n0 = _unpack_from_ih(buf, pos)
    pos += 6
    if n0 < 0:
        raise _Err("null in non-nullable string at JoinGroupRequest.member_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('JoinGroupRequest.member_id')
    obj['member_id'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at JoinGroupRequest.protocol_type")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('JoinGroupRequest.protocol_type')
    obj['protocol_type'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at JoinGroupRequest.protocols")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'JoinGroupRequest.protocols')
    obj['protocols'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at JoinGroupRequest.protocols[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('JoinGroupRequest.protocols[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable bytes at JoinGroupRequest.protocols[].metadata")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('JoinGroupRequest.protocols[].metadata')
        x0['metadata'] = buf[pos:e1]
        pos = e1
        a0.append(x0)
    obj['rebalance_timeout_ms'] = -1
    obj['group_instance_id'] = None
    obj['reason'] = None
    return obj, pos


def _JoinGroupRequest_v0_encode(obj, w):
    # JoinGroupRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)
    v0_session_timeout_ms = g0('session_timeout_ms')
    if v0_session_timeout_ms is None:
        v0_session_timeout_ms = 0
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    w(_pack_ih(v0_session_timeout_ms, len(v0_member_id_bytes)))
    w(v0_member_id_bytes)
    v0_protocol_type = g0('protocol_type')
    if v0_protocol_type is None:
        v0_protocol_type = ''
    v0_protocol_type_bytes = v0_protocol_type.encode()
    w(_pack_h(len(v0_protocol_type_bytes)))
    w(v0_protocol_type_bytes)
    v0_protocols = g0('protocols')
    if v0_protocols is None:
        v0_protocols = []
    w(_pack_i(len(v0_protocols)))
    for x0 in v0_protocols:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_metadata = g2('metadata')
        if v2_metadata is None:
            v2_metadata = b''
        w(_pack_i(len(v2_metadata)))
        w(v2_metadata)


def _JoinGroupRequest_v1_decode(buf, pos):
    # JoinGroupRequest v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at JoinGroupRequest.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('JoinGroupRequest.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    obj['session_timeout_ms'], obj['rebalance_timeout_ms'], n0 = _unpack_from_iih(buf, pos)
    pos += 10
    if n0 < 0:
        raise _Err("null in non-nullable string at JoinGroupRequest.member_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('JoinGroupRequest.member_id')
    obj['member_id'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at JoinGroupRequest.protocol_type")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('JoinGroupRequest.protocol_type')
    obj['protocol_type'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at JoinGroupRequest.protocols")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'JoinGroupRequest.protocols')
    obj['protocols'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at JoinGroupRequest.protocols[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('JoinGroupRequest.protocols[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable bytes at JoinGroupRequest.protocols[].metadata")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('JoinGroupRequest.protocols[].metadata')
        x0['metadata'] = buf[pos:e1]
        pos = e1
        a0.append(x0)
    obj['group_instance_id'] = None
    obj['reason'] = None
    return obj, pos


def _JoinGroupRequest_v1_encode(obj, w):
    # JoinGroupRequest v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)
    v0_session_timeout_ms = g0('session_timeout_ms')
    if v0_session_timeout_ms is None:
        v0_session_timeout_ms = 0
    v0_rebalance_timeout_ms = g0('rebalance_timeout_ms')
    if v0_rebalance_timeout_ms is None:
        v0_rebalance_timeout_ms = -1
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    w(_pack_iih(v0_session_timeout_ms, v0_rebalance_timeout_ms, len(v0_member_id_bytes)))
    w(v0_member_id_bytes)
    v0_protocol_type = g0('protocol_type')
    if v0_protocol_type is None:
        v0_protocol_type = ''
    v0_protocol_type_bytes = v0_protocol_type.encode()
    w(_pack_h(len(v0_protocol_type_bytes)))
    w(v0_protocol_type_bytes)
    v0_protocols = g0('protocols')
    if v0_protocols is None:
        v0_protocols = []
    w(_pack_i(len(v0_protocols)))
    for x0 in v0_protocols:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_metadata = g2('metadata')
        if v2_metadata is None:
            v2_metadata = b''
        w(_pack_i(len(v2_metadata)))
        w(v2_metadata)


def _JoinGroupRequest_v5_decode(buf, pos):
    # JoinGroupRequest v5: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at JoinGroupRequest.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('JoinGroupRequest.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    obj['session_timeout_ms'], obj['rebalance_timeout_ms'], n0 = _unpack_from_iih(buf, pos)
    pos += 10
    if n0 < 0:
        raise _Err("null in non-nullable string at JoinGroupRequest.member_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('JoinGroupRequest.member_id')
    obj['member_id'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        obj['group_instance_id'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('JoinGroupRequest.group_instance_id')
        obj['group_instance_id'] = buf[pos:e0].decode()
        pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at JoinGroupRequest.protocol_type")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('JoinGroupRequest.protocol_type')
    obj['protocol_type'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at JoinGroupRequest.protocols")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'JoinGroupRequest.protocols')
    obj['protocols'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at JoinGroupRequest.protocols[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('JoinGroupRequest.protocols[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable bytes at JoinGroupRequest.protocols[].metadata")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('JoinGroupRequest.protocols[].metadata')
        x0['metadata'] = buf[pos:e1]
        pos = e1
        a0.append(x0)
    obj['reason'] = None
    return obj, pos


def _JoinGroupRequest_v5_encode(obj, w):
    # JoinGroupRequest v5: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)
    v0_session_timeout_ms = g0('session_timeout_ms')
    if v0_session_timeout_ms is None:
        v0_session_timeout_ms = 0
    v0_rebalance_timeout_ms = g0('rebalance_timeout_ms')
    if v0_rebalance_timeout_ms is None:
        v0_rebalance_timeout_ms = -1
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    w(_pack_iih(v0_session_timeout_ms, v0_rebalance_timeout_ms, len(v0_member_id_bytes)))
    w(v0_member_id_bytes)
    v0_group_instance_id = g0('group_instance_id', None)
    v0_group_instance_id_bytes = None if v0_group_instance_id is None else v0_group_instance_id.encode()
    w(_pack_h(-1 if v0_group_instance_id_bytes is None else len(v0_group_instance_id_bytes)))
    if v0_group_instance_id_bytes is not None:
        w(v0_group_instance_id_bytes)
    v0_protocol_type = g0('protocol_type')
    if v0_protocol_type is None:
        v0_protocol_type = ''
    v0_protocol_type_bytes = v0_protocol_type.encode()
    w(_pack_h(len(v0_protocol_type_bytes)))
    w(v0_protocol_type_bytes)
    v0_protocols = g0('protocols')
    if v0_protocols is None:
        v0_protocols = []
    w(_pack_i(len(v0_protocols)))
    for x0 in v0_protocols:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_metadata = g2('metadata')
        if v2_metadata is None:
            v2_metadata = b''
        w(_pack_i(len(v2_metadata)))
        w(v2_metadata)


def _JoinGroupRequest_v6_decode(buf, pos):
    # JoinGroupRequest v6: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at JoinGroupRequest.group_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('JoinGroupRequest.group_id')
    obj['group_id'] = buf[pos:e1].decode()
    pos = e1
    obj['session_timeout_ms'], obj['rebalance_timeout_ms'] = _unpack_from_ii(buf, pos)
    pos += 8
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at JoinGroupRequest.member_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('JoinGroupRequest.member_id')
    obj['member_id'] = buf[pos:e1].decode()
    pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['group_instance_id'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('JoinGroupRequest.group_instance_id')
        obj['group_instance_id'] = buf[pos:e1].decode()
        pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at JoinGroupRequest.protocol_type")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('JoinGroupRequest.protocol_type')
    obj['protocol_type'] = buf[pos:e1].decode()
    pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at JoinGroupRequest.protocols")
    n1 -= 1
    if n1 > 1000000 or n1 * 3 > end - pos:
        raise _too_many(n1, end - pos, 'JoinGroupRequest.protocols')
    obj['protocols'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at JoinGroupRequest.protocols[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('JoinGroupRequest.protocols[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable bytes at JoinGroupRequest.protocols[].metadata")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('JoinGroupRequest.protocols[].metadata')
        x1['metadata'] = buf[pos:e3]
        pos = e3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'JoinGroupRequest.protocols[]')
        else:
            pos += 1
        a1.append(x1)
    obj['reason'] = None
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'JoinGroupRequest')
    else:
        pos += 1
    return obj, pos


def _JoinGroupRequest_v6_encode(obj, w):
    # JoinGroupRequest v6: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    n0 = len(v0_group_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_group_id_bytes)
    v0_session_timeout_ms = g0('session_timeout_ms')
    if v0_session_timeout_ms is None:
        v0_session_timeout_ms = 0
    v0_rebalance_timeout_ms = g0('rebalance_timeout_ms')
    if v0_rebalance_timeout_ms is None:
        v0_rebalance_timeout_ms = -1
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    w(_pack_ii(v0_session_timeout_ms, v0_rebalance_timeout_ms))
    n0 = len(v0_member_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_member_id_bytes)
    v0_group_instance_id = g0('group_instance_id', None)
    v0_group_instance_id_bytes = None if v0_group_instance_id is None else v0_group_instance_id.encode()
    if v0_group_instance_id_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_group_instance_id_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_group_instance_id_bytes)
    v0_protocol_type = g0('protocol_type')
    if v0_protocol_type is None:
        v0_protocol_type = ''
    v0_protocol_type_bytes = v0_protocol_type.encode()
    n0 = len(v0_protocol_type_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_protocol_type_bytes)
    v0_protocols = g0('protocols')
    if v0_protocols is None:
        v0_protocols = []
    n0 = len(v0_protocols) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_protocols:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        n2 = len(v2_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_name_bytes)
        v2_metadata = g2('metadata')
        if v2_metadata is None:
            v2_metadata = b''
        n2 = len(v2_metadata) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_metadata)
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _JoinGroupRequest_v8_decode(buf, pos):
    # JoinGroupRequest v8: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at JoinGroupRequest.group_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('JoinGroupRequest.group_id')
    obj['group_id'] = buf[pos:e1].decode()
    pos = e1
    obj['session_timeout_ms'], obj['rebalance_timeout_ms'] = _unpack_from_ii(buf, pos)
    pos += 8
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at JoinGroupRequest.member_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('JoinGroupRequest.member_id')
    obj['member_id'] = buf[pos:e1].decode()
    pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['group_instance_id'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('JoinGroupRequest.group_instance_id')
        obj['group_instance_id'] = buf[pos:e1].decode()
        pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at JoinGroupRequest.protocol_type")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('JoinGroupRequest.protocol_type')
    obj['protocol_type'] = buf[pos:e1].decode()
    pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at JoinGroupRequest.protocols")
    n1 -= 1
    if n1 > 1000000 or n1 * 3 > end - pos:
        raise _too_many(n1, end - pos, 'JoinGroupRequest.protocols')
    obj['protocols'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at JoinGroupRequest.protocols[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('JoinGroupRequest.protocols[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable bytes at JoinGroupRequest.protocols[].metadata")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('JoinGroupRequest.protocols[].metadata')
        x1['metadata'] = buf[pos:e3]
        pos = e3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'JoinGroupRequest.protocols[]')
        else:
            pos += 1
        a1.append(x1)
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['reason'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('JoinGroupRequest.reason')
        obj['reason'] = buf[pos:e1].decode()
        pos = e1
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'JoinGroupRequest')
    else:
        pos += 1
    return obj, pos


def _JoinGroupRequest_v8_encode(obj, w):
    # JoinGroupRequest v8: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    n0 = len(v0_group_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_group_id_bytes)
    v0_session_timeout_ms = g0('session_timeout_ms')
    if v0_session_timeout_ms is None:
        v0_session_timeout_ms = 0
    v0_rebalance_timeout_ms = g0('rebalance_timeout_ms')
    if v0_rebalance_timeout_ms is None:
        v0_rebalance_timeout_ms = -1
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    w(_pack_ii(v0_session_timeout_ms, v0_rebalance_timeout_ms))
    n0 = len(v0_member_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_member_id_bytes)
    v0_group_instance_id = g0('group_instance_id', None)
    v0_group_instance_id_bytes = None if v0_group_instance_id is None else v0_group_instance_id.encode()
    if v0_group_instance_id_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_group_instance_id_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_group_instance_id_bytes)
    v0_protocol_type = g0('protocol_type')
    if v0_protocol_type is None:
        v0_protocol_type = ''
    v0_protocol_type_bytes = v0_protocol_type.encode()
    n0 = len(v0_protocol_type_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_protocol_type_bytes)
    v0_protocols = g0('protocols')
    if v0_protocols is None:
        v0_protocols = []
    n0 = len(v0_protocols) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_protocols:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        n2 = len(v2_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_name_bytes)
        v2_metadata = g2('metadata')
        if v2_metadata is None:
            v2_metadata = b''
        n2 = len(v2_metadata) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_metadata)
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_reason = g0('reason', None)
    v0_reason_bytes = None if v0_reason is None else v0_reason.encode()
    if v0_reason_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_reason_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_reason_bytes)
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _JoinGroupResponse_v0_decode(buf, pos):
    # JoinGroupResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['error_code'], obj['generation_id'], n0 = _unpack_from_hih(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable string at JoinGroupResponse.protocol_name")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('JoinGroupResponse.protocol_name')
    obj['protocol_name'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at JoinGroupResponse.leader")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('JoinGroupResponse.leader')
    obj['leader'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at JoinGroupResponse.member_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('JoinGroupResponse.member_id')
    obj['member_id'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at JoinGroupResponse.members")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'JoinGroupResponse.members')
    obj['members'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at JoinGroupResponse.members[].member_id")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('JoinGroupResponse.members[].member_id')
        x0['member_id'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable bytes at JoinGroupResponse.members[].metadata")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('JoinGroupResponse.members[].metadata')
        x0['metadata'] = buf[pos:e1]
        pos = e1
        x0['group_instance_id'] = None
        a0.append(x0)
    obj['throttle_time_ms'] = 0
    obj['protocol_type'] = None
    obj['skip_assignment'] = False
    return obj, pos


def _JoinGroupResponse_v0_encode(obj, w):
    # JoinGroupResponse v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_generation_id = g0('generation_id')
    if v0_generation_id is None:
        v0_generation_id = -1
    v0_protocol_name = g0('protocol_name')
    if v0_protocol_name is None:
        v0_protocol_name = ''
    v0_protocol_name_bytes = v0_protocol_name.encode()
    w(_pack_hih(v0_error_code, v0_generation_id, len(v0_protocol_name_bytes)))
    w(v0_protocol_name_bytes)
    v0_leader = g0('leader')
    if v0_leader is None:
        v0_leader = ''
    v0_leader_bytes = v0_leader.encode()
    w(_pack_h(len(v0_leader_bytes)))
    w(v0_leader_bytes)
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    w(_pack_h(len(v0_member_id_bytes)))
    w(v0_member_id_bytes)
    v0_members = g0('members')
    if v0_members is None:
        v0_members = []
    w(_pack_i(len(v0_members)))
    for x0 in v0_members:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_member_id = g2('member_id')
        if v2_member_id is None:
            v2_member_id = ''
        v2_member_id_bytes = v2_member_id.encode()
        w(_pack_h(len(v2_member_id_bytes)))
        w(v2_member_id_bytes)
        v2_metadata = g2('metadata')
        if v2_metadata is None:
            v2_metadata = b''
        w(_pack_i(len(v2_metadata)))
        w(v2_metadata)


def _JoinGroupResponse_v2_decode(buf, pos):
    # JoinGroupResponse v2: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], obj['error_code'], obj['generation_id'], n0 = _unpack_from_ihih(buf, pos)
    pos += 12
    if n0 < 0:
        raise _Err("null in non-nullable string at JoinGroupResponse.protocol_name")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('JoinGroupResponse.protocol_name')
    obj['protocol_name'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at JoinGroupResponse.leader")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('JoinGroupResponse.leader')
    obj['leader'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at JoinGroupResponse.member_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('JoinGroupResponse.member_id')
    obj['member_id'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at JoinGroupResponse.members")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'JoinGroupResponse.members')
    obj['members'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at JoinGroupResponse.members[].member_id")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('JoinGroupResponse.members[].member_id')
        x0['member_id'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable bytes at JoinGroupResponse.members[].metadata")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('JoinGroupResponse.members[].metadata')
        x0['metadata'] = buf[pos:e1]
        pos = e1
        x0['group_instance_id'] = None
        a0.append(x0)
    obj['protocol_type'] = None
    obj['skip_assignment'] = False
    return obj, pos


def _JoinGroupResponse_v2_encode(obj, w):
    # JoinGroupResponse v2: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_generation_id = g0('generation_id')
    if v0_generation_id is None:
        v0_generation_id = -1
    v0_protocol_name = g0('protocol_name')
    if v0_protocol_name is None:
        v0_protocol_name = ''
    v0_protocol_name_bytes = v0_protocol_name.encode()
    w(_pack_ihih(v0_throttle_time_ms, v0_error_code, v0_generation_id, len(v0_protocol_name_bytes)))
    w(v0_protocol_name_bytes)
    v0_leader = g0('leader')
    if v0_leader is None:
        v0_leader = ''
    v0_leader_bytes = v0_leader.encode()
    w(_pack_h(len(v0_leader_bytes)))
    w(v0_leader_bytes)
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    w(_pack_h(len(v0_member_id_bytes)))
    w(v0_member_id_bytes)
    v0_members = g0('members')
    if v0_members is None:
        v0_members = []
    w(_pack_i(len(v0_members)))
    for x0 in v0_members:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_member_id = g2('member_id')
        if v2_member_id is None:
            v2_member_id = ''
        v2_member_id_bytes = v2_member_id.encode()
        w(_pack_h(len(v2_member_id_bytes)))
        w(v2_member_id_bytes)
        v2_metadata = g2('metadata')
        if v2_metadata is None:
            v2_metadata = b''
        w(_pack_i(len(v2_metadata)))
        w(v2_metadata)


def _JoinGroupResponse_v5_decode(buf, pos):
    # JoinGroupResponse v5: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], obj['error_code'], obj['generation_id'], n0 = _unpack_from_ihih(buf, pos)
    pos += 12
    if n0 < 0:
        raise _Err("null in non-nullable string at JoinGroupResponse.protocol_name")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('JoinGroupResponse.protocol_name')
    obj['protocol_name'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at JoinGroupResponse.leader")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('JoinGroupResponse.leader')
    obj['leader'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at JoinGroupResponse.member_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('JoinGroupResponse.member_id')
    obj['member_id'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at JoinGroupResponse.members")
    if n0 > 1000000 or n0 * 8 > end - pos:
        raise _too_many(n0, end - pos, 'JoinGroupResponse.members')
    obj['members'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at JoinGroupResponse.members[].member_id")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('JoinGroupResponse.members[].member_id')
        x0['member_id'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            x0['group_instance_id'] = None
        else:
            e1 = pos + n1
            if e1 > end:
                raise _truncated('JoinGroupResponse.members[].group_instance_id')
            x0['group_instance_id'] = buf[pos:e1].decode()
            pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable bytes at JoinGroupResponse.members[].metadata")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('JoinGroupResponse.members[].metadata')
        x0['metadata'] = buf[pos:e1]
        pos = e1
        a0.append(x0)
    obj['protocol_type'] = None
    obj['skip_assignment'] = False
    return obj, pos


def _JoinGroupResponse_v5_encode(obj, w):
    # JoinGroupResponse v5: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_generation_id = g0('generation_id')
    if v0_generation_id is None:
        v0_generation_id = -1
    v0_protocol_name = g0('protocol_name')
    if v0_protocol_name is None:
        v0_protocol_name = ''
    v0_protocol_name_bytes = v0_protocol_name.encode()
    w(_pack_ihih(v0_throttle_time_ms, v0_error_code, v0_generation_id, len(v0_protocol_name_bytes)))
    w(v0_protocol_name_bytes)
    v0_leader = g0('leader')
    if v0_leader is None:
        v0_leader = ''
    v0_leader_bytes = v0_leader.encode()
    w(_pack_h(len(v0_leader_bytes)))
    w(v0_leader_bytes)
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    w(_pack_h(len(v0_member_id_bytes)))
    w(v0_member_id_bytes)
    v0_members = g0('members')
    if v0_members is None:
        v0_members = []
    w(_pack_i(len(v0_members)))
    for x0 in v0_members:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_member_id = g2('member_id')
        if v2_member_id is None:
            v2_member_id = ''
        v2_member_id_bytes = v2_member_id.encode()
        w(_pack_h(len(v2_member_id_bytes)))
        w(v2_member_id_bytes)
        v2_group_instance_id = g2('group_instance_id', None)
        v2_group_instance_id_bytes = None if v2_group_instance_id is None else v2_group_instance_id.encode()
        w(_pack_h(-1 if v2_group_instance_id_bytes is None else len(v2_group_instance_id_bytes)))
        if v2_group_instance_id_bytes is not None:
            w(v2_group_instance_id_bytes)
        v2_metadata = g2('metadata')
        if v2_metadata is None:
            v2_metadata = b''
        w(_pack_i(len(v2_metadata)))
        w(v2_metadata)


def _JoinGroupResponse_v6_decode(buf, pos):
    # JoinGroupResponse v6: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], obj['error_code'], obj['generation_id'] = _unpack_from_ihi(buf, pos)
    pos += 10
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at JoinGroupResponse.protocol_name")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('JoinGroupResponse.protocol_name')
    obj['protocol_name'] = buf[pos:e1].decode()
    pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at JoinGroupResponse.leader")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('JoinGroupResponse.leader')
    obj['leader'] = buf[pos:e1].decode()
    pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at JoinGroupResponse.member_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('JoinGroupResponse.member_id')
    obj['member_id'] = buf[pos:e1].decode()
    pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at JoinGroupResponse.members")
    n1 -= 1
    if n1 > 1000000 or n1 * 4 > end - pos:
        raise _too_many(n1, end - pos, 'JoinGroupResponse.members')
    obj['members'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at JoinGroupResponse.members[].member_id")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('JoinGroupResponse.members[].member_id')
        x1['member_id'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            x1['group_instance_id'] = None
        else:
            n3 -= 1
            e3 = pos + n3
            if e3 > end:
                raise _truncated('JoinGroupResponse.members[].group_instance_id')
            x1['group_instance_id'] = buf[pos:e3].decode()
            pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable bytes at JoinGroupResponse.members[].metadata")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('JoinGroupResponse.members[].metadata')
        x1['metadata'] = buf[pos:e3]
        pos = e3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'JoinGroupResponse.members[]')
        else:
            pos += 1
        a1.append(x1)
    obj['protocol_type'] = None
    obj['skip_assignment'] = False
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'JoinGroupResponse')
    else:
        pos += 1
    return obj, pos


def _JoinGroupResponse_v6_encode(obj, w):
    # JoinGroupResponse v6: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_generation_id = g0('generation_id')
    if v0_generation_id is None:
        v0_generation_id = -1
    v0_protocol_name = g0('protocol_name')
    if v0_protocol_name is None:
        v0_protocol_name = ''
    v0_protocol_name_bytes = v0_protocol_name.encode()
    w(_pack_ihi(v0_throttle_time_ms, v0_error_code, v0_generation_id))
    n0 = len(v0_protocol_name_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_protocol_name_bytes)
    v0_leader = g0('leader')
    if v0_leader is None:
        v0_leader = ''
    v0_leader_bytes = v0_leader.encode()
    n0 = len(v0_leader_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_leader_bytes)
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    n0 = len(v0_member_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_member_id_bytes)
    v0_members = g0('members')
    if v0_members is None:
        v0_members = []
    n0 = len(v0_members) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_members:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_member_id = g2('member_id')
        if v2_member_id is None:
            v2_member_id = ''
        v2_member_id_bytes = v2_member_id.encode()
        n2 = len(v2_member_id_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_member_id_bytes)
        v2_group_instance_id = g2('group_instance_id', None)
        v2_group_instance_id_bytes = None if v2_group_instance_id is None else v2_group_instance_id.encode()
        if v2_group_instance_id_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_group_instance_id_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_group_instance_id_bytes)
        v2_metadata = g2('metadata')
        if v2_metadata is None:
            v2_metadata = b''
        n2 = len(v2_metadata) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_metadata)
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _JoinGroupResponse_v7_decode(buf, pos):
    # JoinGroupResponse v7: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], obj['error_code'], obj['generation_id'] = _unpack_from_ihi(buf, pos)
    pos += 10
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['protocol_type'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('JoinGroupResponse.protocol_type')
        obj['protocol_type'] = buf[pos:e1].decode()
        pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['protocol_name'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('JoinGroupResponse.protocol_name')
        obj['protocol_name'] = buf[pos:e1].decode()
        pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at JoinGroupResponse.leader")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('JoinGroupResponse.leader')
    obj['leader'] = buf[pos:e1].decode()
    pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at JoinGroupResponse.member_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('JoinGroupResponse.member_id')
    obj['member_id'] = buf[pos:e1].decode()
    pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at JoinGroupResponse.members")
    n1 -= 1
    if n1 > 1000000 or n1 * 4 > end - pos:
        raise _too_many(n1, end - pos, 'JoinGroupResponse.members')
    obj['members'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at JoinGroupResponse.members[].member_id")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('JoinGroupResponse.members[].member_id')
        x1['member_id'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            x1['group_instance_id'] = None
        else:
            n3 -= 1
            e3 = pos + n3
            if e3 > end:
                raise _truncated('JoinGroupResponse.members[].group_instance_id')
            x1['group_instance_id'] = buf[pos:e3].decode()
            pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable bytes at JoinGroupResponse.members[].metadata")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('JoinGroupResponse.members[].metadata')
        x1['metadata'] = buf[pos:e3]
        pos = e3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'JoinGroupResponse.members[]')
        else:
            pos += 1
        a1.append(x1)
    obj['skip_assignment'] = False
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'JoinGroupResponse')
    else:
        pos += 1
    return obj, pos


def _JoinGroupResponse_v7_encode(obj, w):
    # JoinGroupResponse v7: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_generation_id = g0('generation_id')
    if v0_generation_id is None:
        v0_generation_id = -1
    v0_protocol_type = g0('protocol_type', None)
    v0_protocol_type_bytes = None if v0_protocol_type is None else v0_protocol_type.encode()
    w(_pack_ihi(v0_throttle_time_ms, v0_error_code, v0_generation_id))
    if v0_protocol_type_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_protocol_type_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_protocol_type_bytes)
    v0_protocol_name = g0('protocol_name', '')
    v0_protocol_name_bytes = None if v0_protocol_name is None else v0_protocol_name.encode()
    if v0_protocol_name_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_protocol_name_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_protocol_name_bytes)
    v0_leader = g0('leader')
    if v0_leader is None:
        v0_leader = ''
    v0_leader_bytes = v0_leader.encode()
    n0 = len(v0_leader_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_leader_bytes)
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    n0 = len(v0_member_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_member_id_bytes)
    v0_members = g0('members')
    if v0_members is None:
        v0_members = []
    n0 = len(v0_members) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_members:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_member_id = g2('member_id')
        if v2_member_id is None:
            v2_member_id = ''
        v2_member_id_bytes = v2_member_id.encode()
        n2 = len(v2_member_id_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_member_id_bytes)
        v2_group_instance_id = g2('group_instance_id', None)
        v2_group_instance_id_bytes = None if v2_group_instance_id is None else v2_group_instance_id.encode()
        if v2_group_instance_id_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_group_instance_id_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_group_instance_id_bytes)
        v2_metadata = g2('metadata')
        if v2_metadata is None:
            v2_metadata = b''
        n2 = len(v2_metadata) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_metadata)
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _JoinGroupResponse_v9_decode(buf, pos):
    # JoinGroupResponse v9: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], obj['error_code'], obj['generation_id'] = _unpack_from_ihi(buf, pos)
    pos += 10
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['protocol_type'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('JoinGroupResponse.protocol_type')
        obj['protocol_type'] = buf[pos:e1].decode()
        pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['protocol_name'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('JoinGroupResponse.protocol_name')
        obj['protocol_name'] = buf[pos:e1].decode()
        pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at JoinGroupResponse.leader")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('JoinGroupResponse.leader')
    obj['leader'] = buf[pos:e1].decode()
    pos = e1
    obj['skip_assignment'], = _unpack_from_o(buf, pos)
    pos += 1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at JoinGroupResponse.member_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('JoinGroupResponse.member_id')
    obj['member_id'] = buf[pos:e1].decode()
    pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at JoinGroupResponse.members")
    n1 -= 1
    if n1 > 1000000 or n1 * 4 > end - pos:
        raise _too_many(n1, end - pos, 'JoinGroupResponse.members')
    obj['members'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at JoinGroupResponse.members[].member_id")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('JoinGroupResponse.members[].member_id')
        x1['member_id'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            x1['group_instance_id'] = None
        else:
            n3 -= 1
            e3 = pos + n3
            if e3 > end:
                raise _truncated('JoinGroupResponse.members[].group_instance_id')
            x1['group_instance_id'] = buf[pos:e3].decode()
            pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable bytes at JoinGroupResponse.members[].metadata")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('JoinGroupResponse.members[].metadata')
        x1['metadata'] = buf[pos:e3]
        pos = e3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'JoinGroupResponse.members[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'JoinGroupResponse')
    else:
        pos += 1
    return obj, pos


def _JoinGroupResponse_v9_encode(obj, w):
    # JoinGroupResponse v9: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_generation_id = g0('generation_id')
    if v0_generation_id is None:
        v0_generation_id = -1
    v0_protocol_type = g0('protocol_type', None)
    v0_protocol_type_bytes = None if v0_protocol_type is None else v0_protocol_type.encode()
    w(_pack_ihi(v0_throttle_time_ms, v0_error_code, v0_generation_id))
    if v0_protocol_type_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_protocol_type_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_protocol_type_bytes)
    v0_protocol_name = g0('protocol_name', '')
    v0_protocol_name_bytes = None if v0_protocol_name is None else v0_protocol_name.encode()
    if v0_protocol_name_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_protocol_name_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_protocol_name_bytes)
    v0_leader = g0('leader')
    if v0_leader is None:
        v0_leader = ''
    v0_leader_bytes = v0_leader.encode()
    n0 = len(v0_leader_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_leader_bytes)
    v0_skip_assignment = g0('skip_assignment')
    if v0_skip_assignment is None:
        v0_skip_assignment = False
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    w(_pack_o(v0_skip_assignment))
    n0 = len(v0_member_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_member_id_bytes)
    v0_members = g0('members')
    if v0_members is None:
        v0_members = []
    n0 = len(v0_members) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_members:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_member_id = g2('member_id')
        if v2_member_id is None:
            v2_member_id = ''
        v2_member_id_bytes = v2_member_id.encode()
        n2 = len(v2_member_id_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_member_id_bytes)
        v2_group_instance_id = g2('group_instance_id', None)
        v2_group_instance_id_bytes = None if v2_group_instance_id is None else v2_group_instance_id.encode()
        if v2_group_instance_id_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_group_instance_id_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_group_instance_id_bytes)
        v2_metadata = g2('metadata')
        if v2_metadata is None:
            v2_metadata = b''
        n2 = len(v2_metadata) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_metadata)
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _HeartbeatRequest_v0_decode(buf, pos):
    # HeartbeatRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at HeartbeatRequest.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('HeartbeatRequest.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    obj['generation_id'], n0 = _unpack_from_ih(buf, pos)
    pos += 6
    if n0 < 0:
        raise _Err("null in non-nullable string at HeartbeatRequest.member_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('HeartbeatRequest.member_id')
    obj['member_id'] = buf[pos:e0].decode()
    pos = e0
    obj['group_instance_id'] = None
    return obj, pos


def _HeartbeatRequest_v0_encode(obj, w):
    # HeartbeatRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)
    v0_generation_id = g0('generation_id')
    if v0_generation_id is None:
        v0_generation_id = 0
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    w(_pack_ih(v0_generation_id, len(v0_member_id_bytes)))
    w(v0_member_id_bytes)


def _HeartbeatRequest_v3_decode(buf, pos):
    # HeartbeatRequest v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at HeartbeatRequest.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('HeartbeatRequest.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    obj['generation_id'], n0 = _unpack_from_ih(buf, pos)
    pos += 6
    if n0 < 0:
        raise _Err("null in non-nullable string at HeartbeatRequest.member_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('HeartbeatRequest.member_id')
    obj['member_id'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        obj['group_instance_id'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('HeartbeatRequest.group_instance_id')
        obj['group_instance_id'] = buf[pos:e0].decode()
        pos = e0
    return obj, pos


def _HeartbeatRequest_v3_encode(obj, w):
    # HeartbeatRequest v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)
    v0_generation_id = g0('generation_id')
    if v0_generation_id is None:
        v0_generation_id = 0
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    w(_pack_ih(v0_generation_id, len(v0_member_id_bytes)))
    w(v0_member_id_bytes)
    v0_group_instance_id = g0('group_instance_id', None)
    v0_group_instance_id_bytes = None if v0_group_instance_id is None else v0_group_instance_id.encode()
    w(_pack_h(-1 if v0_group_instance_id_bytes is None else len(v0_group_instance_id_bytes)))
    if v0_group_instance_id_bytes is not None:
        w(v0_group_instance_id_bytes)


def _HeartbeatRequest_v4_decode(buf, pos):
    # HeartbeatRequest v4: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at HeartbeatRequest.group_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('HeartbeatRequest.group_id')
    obj['group_id'] = buf[pos:e1].decode()
    pos = e1
    obj['generation_id'], = _unpack_from_i(buf, pos)
    pos += 4
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at HeartbeatRequest.member_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('HeartbeatRequest.member_id')
    obj['member_id'] = buf[pos:e1].decode()
    pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['group_instance_id'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('HeartbeatRequest.group_instance_id')
        obj['group_instance_id'] = buf[pos:e1].decode()
        pos = e1
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'HeartbeatRequest')
    else:
        pos += 1
    return obj, pos


def _HeartbeatRequest_v4_encode(obj, w):
    # HeartbeatRequest v4: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    n0 = len(v0_group_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_group_id_bytes)
    v0_generation_id = g0('generation_id')
    if v0_generation_id is None:
        v0_generation_id = 0
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    w(_pack_i(v0_generation_id))
    n0 = len(v0_member_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_member_id_bytes)
    v0_group_instance_id = g0('group_instance_id', None)
    v0_group_instance_id_bytes = None if v0_group_instance_id is None else v0_group_instance_id.encode()
    if v0_group_instance_id_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_group_instance_id_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_group_instance_id_bytes)
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _HeartbeatResponse_v0_decode(buf, pos):
    # HeartbeatResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['error_code'], = _unpack_from_h(buf, pos)
    pos += 2
    obj['throttle_time_ms'] = 0
    return obj, pos


def _HeartbeatResponse_v0_encode(obj, w):
    # HeartbeatResponse v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    w(_pack_h(v0_error_code))


def _HeartbeatResponse_v1_decode(buf, pos):
    # HeartbeatResponse v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], obj['error_code'] = _unpack_from_ih(buf, pos)
    pos += 6
    return obj, pos


def _HeartbeatResponse_v1_encode(obj, w):
    # HeartbeatResponse v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    w(_pack_ih(v0_throttle_time_ms, v0_error_code))


def _HeartbeatResponse_v4_decode(buf, pos):
    # HeartbeatResponse v4: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], obj['error_code'] = _unpack_from_ih(buf, pos)
    pos += 6
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'HeartbeatResponse')
    else:
        pos += 1
    return obj, pos


def _HeartbeatResponse_v4_encode(obj, w):
    # HeartbeatResponse v4: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    w(_pack_ih(v0_throttle_time_ms, v0_error_code))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _LeaveGroupRequest_v0_decode(buf, pos):
    # LeaveGroupRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at LeaveGroupRequest.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('LeaveGroupRequest.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at LeaveGroupRequest.member_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('LeaveGroupRequest.member_id')
    obj['member_id'] = buf[pos:e0].decode()
    pos = e0
    obj['members'] = []
    return obj, pos


def _LeaveGroupRequest_v0_encode(obj, w):
    # LeaveGroupRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    w(_pack_h(len(v0_member_id_bytes)))
    w(v0_member_id_bytes)


def _LeaveGroupRequest_v3_decode(buf, pos):
    # LeaveGroupRequest v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at LeaveGroupRequest.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('LeaveGroupRequest.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at LeaveGroupRequest.members")
    if n0 > 1000000 or n0 * 4 > end - pos:
        raise _too_many(n0, end - pos, 'LeaveGroupRequest.members')
    obj['members'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at LeaveGroupRequest.members[].member_id")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('LeaveGroupRequest.members[].member_id')
        x0['member_id'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            x0['group_instance_id'] = None
        else:
            e1 = pos + n1
            if e1 > end:
                raise _truncated('LeaveGroupRequest.members[].group_instance_id')
            x0['group_instance_id'] = buf[pos:e1].decode()
            pos = e1
        x0['reason'] = None
        a0.append(x0)
    obj['member_id'] = ''
    return obj, pos


def _LeaveGroupRequest_v3_encode(obj, w):
    # LeaveGroupRequest v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)
    v0_members = g0('members')
    if v0_members is None:
        v0_members = []
    w(_pack_i(len(v0_members)))
    for x0 in v0_members:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_member_id = g2('member_id')
        if v2_member_id is None:
            v2_member_id = ''
        v2_member_id_bytes = v2_member_id.encode()
        w(_pack_h(len(v2_member_id_bytes)))
        w(v2_member_id_bytes)
        v2_group_instance_id = g2('group_instance_id', None)
        v2_group_instance_id_bytes = None if v2_group_instance_id is None else v2_group_instance_id.encode()
        w(_pack_h(-1 if v2_group_instance_id_bytes is None else len(v2_group_instance_id_bytes)))
        if v2_group_instance_id_bytes is not None:
            w(v2_group_instance_id_bytes)


def _LeaveGroupRequest_v4_decode(buf, pos):
    # LeaveGroupRequest v4: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at LeaveGroupRequest.group_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('LeaveGroupRequest.group_id')
    obj['group_id'] = buf[pos:e1].decode()
    pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at LeaveGroupRequest.members")
    n1 -= 1
    if n1 > 1000000 or n1 * 3 > end - pos:
        raise _too_many(n1, end - pos, 'LeaveGroupRequest.members')
    obj['members'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at LeaveGroupRequest.members[].member_id")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('LeaveGroupRequest.members[].member_id')
        x1['member_id'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            x1['group_instance_id'] = None
        else:
            n3 -= 1
            e3 = pos + n3
            if e3 > end:
                raise _truncated('LeaveGroupRequest.members[].group_instance_id')
            x1['group_instance_id'] = buf[pos:e3].decode()
            pos = e3
        x1['reason'] = None
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'LeaveGroupRequest.members[]')
        else:
            pos += 1
        a1.append(x1)
    obj['member_id'] = ''
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'LeaveGroupRequest')
    else:
        pos += 1
    return obj, pos


def _LeaveGroupRequest_v4_encode(obj, w):
    # LeaveGroupRequest v4: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    n0 = len(v0_group_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_group_id_bytes)
    v0_members = g0('members')
    if v0_members is None:
        v0_members = []
    n0 = len(v0_members) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_members:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_member_id = g2('member_id')
        if v2_member_id is None:
            v2_member_id = ''
        v2_member_id_bytes = v2_member_id.encode()
        n2 = len(v2_member_id_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_member_id_bytes)
        v2_group_instance_id = g2('group_instance_id', None)
        v2_group_instance_id_bytes = None if v2_group_instance_id is None else v2_group_instance_id.encode()
        if v2_group_instance_id_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_group_instance_id_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_group_instance_id_bytes)
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _LeaveGroupRequest_v5_decode(buf, pos):
    # LeaveGroupRequest v5: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at LeaveGroupRequest.group_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('LeaveGroupRequest.group_id')
    obj['group_id'] = buf[pos:e1].decode()
    pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at LeaveGroupRequest.members")
    n1 -= 1
    if n1 > 1000000 or n1 * 4 > end - pos:
        raise _too_many(n1, end - pos, 'LeaveGroupRequest.members')
    obj['members'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at LeaveGroupRequest.members[].member_id")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('LeaveGroupRequest.members[].member_id')
        x1['member_id'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            x1['group_instance_id'] = None
        else:
            n3 -= 1
            e3 = pos + n3
            if e3 > end:
                raise _truncated('LeaveGroupRequest.members[].group_instance_id')
            x1['group_instance_id'] = buf[pos:e3].decode()
            pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            x1['reason'] = None
        else:
            n3 -= 1
            e3 = pos + n3
            if e3 > end:
                raise _truncated('LeaveGroupRequest.members[].reason')
            x1['reason'] = buf[pos:e3].decode()
            pos = e3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'LeaveGroupRequest.members[]')
        else:
            pos += 1
        a1.append(x1)
    obj['member_id'] = ''
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'LeaveGroupRequest')
    else:
        pos += 1
    return obj, pos


def _LeaveGroupRequest_v5_encode(obj, w):
    # LeaveGroupRequest v5: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    n0 = len(v0_group_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_group_id_bytes)
    v0_members = g0('members')
    if v0_members is None:
        v0_members = []
    n0 = len(v0_members) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_members:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_member_id = g2('member_id')
        if v2_member_id is None:
            v2_member_id = ''
        v2_member_id_bytes = v2_member_id.encode()
        n2 = len(v2_member_id_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_member_id_bytes)
        v2_group_instance_id = g2('group_instance_id', None)
        v2_group_instance_id_bytes = None if v2_group_instance_id is None else v2_group_instance_id.encode()
        if v2_group_instance_id_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_group_instance_id_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_group_instance_id_bytes)
        v2_reason = g2('reason', None)
        v2_reason_bytes = None if v2_reason is None else v2_reason.encode()
        if v2_reason_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_reason_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_reason_bytes)
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _LeaveGroupResponse_v0_decode(buf, pos):
    # LeaveGroupResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['error_code'], = _unpack_from_h(buf, pos)
    pos += 2
    obj['throttle_time_ms'] = 0
    obj['members'] = []
    return obj, pos


def _LeaveGroupResponse_v0_encode(obj, w):
    # LeaveGroupResponse v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    w(_pack_h(v0_error_code))


def _LeaveGroupResponse_v1_decode(buf, pos):
    # LeaveGroupResponse v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], obj['error_code'] = _unpack_from_ih(buf, pos)
    pos += 6
    obj['members'] = []
    return obj, pos


def _LeaveGroupResponse_v1_encode(obj, w):
    # LeaveGroupResponse v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    w(_pack_ih(v0_throttle_time_ms, v0_error_code))


def _LeaveGroupResponse_v3_decode(buf, pos):
    # LeaveGroupResponse v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], obj['error_code'], n0 = _unpack_from_ihi(buf, pos)
    pos += 10
    if n0 < 0:
        raise _Err("null in non-nullable array at LeaveGroupResponse.members")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'LeaveGroupResponse.members')
    obj['members'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at LeaveGroupResponse.members[].member_id")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('LeaveGroupResponse.members[].member_id')
        x0['member_id'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            x0['group_instance_id'] = None
        else:
            e1 = pos + n1
            if e1 > end:
                raise _truncated('LeaveGroupResponse.members[].group_instance_id')
            x0['group_instance_id'] = buf[pos:e1].decode()
            pos = e1
        x0['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
        a0.append(x0)
    return obj, pos


def _LeaveGroupResponse_v3_encode(obj, w):
    # LeaveGroupResponse v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_members = g0('members')
    if v0_members is None:
        v0_members = []
    w(_pack_ihi(v0_throttle_time_ms, v0_error_code, len(v0_members)))
    for x0 in v0_members:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_member_id = g2('member_id')
        if v2_member_id is None:
            v2_member_id = ''
        v2_member_id_bytes = v2_member_id.encode()
        w(_pack_h(len(v2_member_id_bytes)))
        w(v2_member_id_bytes)
        v2_group_instance_id = g2('group_instance_id', '')
        v2_group_instance_id_bytes = None if v2_group_instance_id is None else v2_group_instance_id.encode()
        w(_pack_h(-1 if v2_group_instance_id_bytes is None else len(v2_group_instance_id_bytes)))
        if v2_group_instance_id_bytes is not None:
            w(v2_group_instance_id_bytes)
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        w(_pack_h(v2_error_code))


def _LeaveGroupResponse_v4_decode(buf, pos):
    # LeaveGroupResponse v4: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], obj['error_code'] = _unpack_from_ih(buf, pos)
    pos += 6
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at LeaveGroupResponse.members")
    n1 -= 1
    if n1 > 1000000 or n1 * 5 > end - pos:
        raise _too_many(n1, end - pos, 'LeaveGroupResponse.members')
    obj['members'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at LeaveGroupResponse.members[].member_id")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('LeaveGroupResponse.members[].member_id')
        x1['member_id'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            x1['group_instance_id'] = None
        else:
            n3 -= 1
            e3 = pos + n3
            if e3 > end:
                raise _truncated('LeaveGroupResponse.members[].group_instance_id')
            x1['group_instance_id'] = buf[pos:e3].decode()
            pos = e3
        x1['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'LeaveGroupResponse.members[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'LeaveGroupResponse')
    else:
        pos += 1
    return obj, pos


def _LeaveGroupResponse_v4_encode(obj, w):
    # LeaveGroupResponse v4: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_members = g0('members')
    if v0_members is None:
        v0_members = []
    w(_pack_ih(v0_throttle_time_ms, v0_error_code))
    n0 = len(v0_members) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_members:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_member_id = g2('member_id')
        if v2_member_id is None:
            v2_member_id = ''
        v2_member_id_bytes = v2_member_id.encode()
        n2 = len(v2_member_id_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_member_id_bytes)
        v2_group_instance_id = g2('group_instance_id', '')
        v2_group_instance_id_bytes = None if v2_group_instance_id is None else v2_group_instance_id.encode()
        if v2_group_instance_id_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_group_instance_id_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_group_instance_id_bytes)
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        w(_pack_h(v2_error_code))
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _SyncGroupRequest_v0_decode(buf, pos):
    # SyncGroupRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at SyncGroupRequest.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('SyncGroupRequest.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    obj['generation_id'], n0 = _unpack_from_ih(buf, pos)
    pos += 6
    if n0 < 0:
        raise _Err("null in non-nullable string at SyncGroupRequest.member_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('SyncGroupRequest.member_id')
    obj['member_id'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at SyncGroupRequest.assignments")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'SyncGroupRequest.assignments')
    obj['assignments'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at SyncGroupRequest.assignments[].member_id")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('SyncGroupRequest.assignments[].member_id')
        x0['member_id'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable bytes at SyncGroupRequest.assignments[].assignment")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('SyncGroupRequest.assignments[].assignment')
        x0['assignment'] = buf[pos:e1]
        pos = e1
        a0.append(x0)
    obj['group_instance_id'] = None
    obj['protocol_type'] = None
    obj['protocol_name'] = None
    return obj, pos


def _SyncGroupRequest_v0_encode(obj, w):
    # SyncGroupRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)
    v0_generation_id = g0('generation_id')
    if v0_generation_id is None:
        v0_generation_id = 0
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    w(_pack_ih(v0_generation_id, len(v0_member_id_bytes)))
    w(v0_member_id_bytes)
    v0_assignments = g0('assignments')
    if v0_assignments is None:
        v0_assignments = []
    w(_pack_i(len(v0_assignments)))
    for x0 in v0_assignments:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_member_id = g2('member_id')
        if v2_member_id is None:
            v2_member_id = ''
        v2_member_id_bytes = v2_member_id.encode()
        w(_pack_h(len(v2_member_id_bytes)))
        w(v2_member_id_bytes)
        v2_assignment = g2('assignment')
        if v2_assignment is None:
            v2_assignment = b''
        w(_pack_i(len(v2_assignment)))
        w(v2_assignment)


def _SyncGroupRequest_v3_decode(buf, pos):
    # SyncGroupRequest v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at SyncGroupRequest.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('SyncGroupRequest.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    obj['generation_id'], n0 = _unpack_from_ih(buf, pos)
    pos += 6
    if n0 < 0:
        raise _Err("null in non-nullable string at SyncGroupRequest.member_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('SyncGroupRequest.member_id')
    obj['member_id'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        obj['group_instance_id'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('SyncGroupRequest.group_instance_id')
        obj['group_instance_id'] = buf[pos:e0].decode()
        pos = e0
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at SyncGroupRequest.assignments")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'SyncGroupRequest.assignments')
    obj['assignments'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at SyncGroupRequest.assignments[].member_id")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('SyncGroupRequest.assignments[].member_id')
        x0['member_id'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable bytes at SyncGroupRequest.assignments[].assignment")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('SyncGroupRequest.assignments[].assignment')
        x0['assignment'] = buf[pos:e1]
        pos = e1
        a0.append(x0)
    obj['protocol_type'] = None
    obj['protocol_name'] = None
    return obj, pos


def _SyncGroupRequest_v3_encode(obj, w):
    # SyncGroupRequest v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)
    v0_generation_id = g0('generation_id')
    if v0_generation_id is None:
        v0_generation_id = 0
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    w(_pack_ih(v0_generation_id, len(v0_member_id_bytes)))
    w(v0_member_id_bytes)
    v0_group_instance_id = g0('group_instance_id', None)
    v0_group_instance_id_bytes = None if v0_group_instance_id is None else v0_group_instance_id.encode()
    w(_pack_h(-1 if v0_group_instance_id_bytes is None else len(v0_group_instance_id_bytes)))
    if v0_group_instance_id_bytes is not None:
        w(v0_group_instance_id_bytes)
    v0_assignments = g0('assignments')
    if v0_assignments is None:
        v0_assignments = []
    w(_pack_i(len(v0_assignments)))
    for x0 in v0_assignments:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_member_id = g2('member_id')
        if v2_member_id is None:
            v2_member_id = ''
        v2_member_id_bytes = v2_member_id.encode()
        w(_pack_h(len(v2_member_id_bytes)))
        w(v2_member_id_bytes)
        v2_assignment = g2('assignment')
        if v2_assignment is None:
            v2_assignment = b''
        w(_pack_i(len(v2_assignment)))
        w(v2_assignment)


def _SyncGroupRequest_v4_decode(buf, pos):
    # SyncGroupRequest v4: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at SyncGroupRequest.group_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('SyncGroupRequest.group_id')
    obj['group_id'] = buf[pos:e1].decode()
    pos = e1
    obj['generation_id'], = _unpack_from_i(buf, pos)
    pos += 4
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at SyncGroupRequest.member_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('SyncGroupRequest.member_id')
    obj['member_id'] = buf[pos:e1].decode()
    pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['group_instance_id'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('SyncGroupRequest.group_instance_id')
        obj['group_instance_id'] = buf[pos:e1].decode()
        pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at SyncGroupRequest.assignments")
    n1 -= 1
    if n1 > 1000000 or n1 * 3 > end - pos:
        raise _too_many(n1, end - pos, 'SyncGroupRequest.assignments')
    obj['assignments'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at SyncGroupRequest.assignments[].member_id")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('SyncGroupRequest.assignments[].member_id')
        x1['member_id'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable bytes at SyncGroupRequest.assignments[].assignment")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('SyncGroupRequest.assignments[].assignment')
        x1['assignment'] = buf[pos:e3]
        pos = e3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'SyncGroupRequest.assignments[]')
        else:
            pos += 1
        a1.append(x1)
    obj['protocol_type'] = None
    obj['protocol_name'] = None
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'SyncGroupRequest')
    else:
        pos += 1
    return obj, pos


def _SyncGroupRequest_v4_encode(obj, w):
    # SyncGroupRequest v4: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    n0 = len(v0_group_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_group_id_bytes)
    v0_generation_id = g0('generation_id')
    if v0_generation_id is None:
        v0_generation_id = 0
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    w(_pack_i(v0_generation_id))
    n0 = len(v0_member_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_member_id_bytes)
    v0_group_instance_id = g0('group_instance_id', None)
    v0_group_instance_id_bytes = None if v0_group_instance_id is None else v0_group_instance_id.encode()
    if v0_group_instance_id_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_group_instance_id_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_group_instance_id_bytes)
    v0_assignments = g0('assignments')
    if v0_assignments is None:
        v0_assignments = []
    n0 = len(v0_assignments) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_assignments:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_member_id = g2('member_id')
        if v2_member_id is None:
            v2_member_id = ''
        v2_member_id_bytes = v2_member_id.encode()
        n2 = len(v2_member_id_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_member_id_bytes)
        v2_assignment = g2('assignment')
        if v2_assignment is None:
            v2_assignment = b''
        n2 = len(v2_assignment) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_assignment)
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _SyncGroupRequest_v5_decode(buf, pos):
    # SyncGroupRequest v5: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at SyncGroupRequest.group_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('SyncGroupRequest.group_id')
    obj['group_id'] = buf[pos:e1].decode()
    pos = e1
    obj['generation_id'], = _unpack_from_i(buf, pos)
    pos += 4
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at SyncGroupRequest.member_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('SyncGroupRequest.member_id')
    obj['member_id'] = buf[pos:e1].decode()
    pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['group_instance_id'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('SyncGroupRequest.group_instance_id')
        obj['group_instance_id'] = buf[pos:e1].decode()
        pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['protocol_type'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('SyncGroupRequest.protocol_type')
        obj['protocol_type'] = buf[pos:e1].decode()
        pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['protocol_name'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('SyncGroupRequest.protocol_name')
        obj['protocol_name'] = buf[pos:e1].decode()
        pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at SyncGroupRequest.assignments")
    n1 -= 1
    if n1 > 1000000 or n1 * 3 > end - pos:
        raise _too_many(n1, end - pos, 'SyncGroupRequest.assignments')
    obj['assignments'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at SyncGroupRequest.assignments[].member_id")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('SyncGroupRequest.assignments[].member_id')
        x1['member_id'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable bytes at SyncGroupRequest.assignments[].assignment")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('SyncGroupRequest.assignments[].assignment')
        x1['assignment'] = buf[pos:e3]
        pos = e3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'SyncGroupRequest.assignments[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'SyncGroupRequest')
    else:
        pos += 1
    return obj, pos


def _SyncGroupRequest_v5_encode(obj, w):
    # SyncGroupRequest v5: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    n0 = len(v0_group_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_group_id_bytes)
    v0_generation_id = g0('generation_id')
    if v0_generation_id is None:
        v0_generation_id = 0
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    w(_pack_i(v0_generation_id))
    n0 = len(v0_member_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_member_id_bytes)
    v0_group_instance_id = g0('group_instance_id', None)
    v0_group_instance_id_bytes = None if v0_group_instance_id is None else v0_group_instance_id.encode()
    if v0_group_instance_id_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_group_instance_id_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_group_instance_id_bytes)
    v0_protocol_type = g0('protocol_type', None)
    v0_protocol_type_bytes = None if v0_protocol_type is None else v0_protocol_type.encode()
    if v0_protocol_type_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_protocol_type_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_protocol_type_bytes)
    v0_protocol_name = g0('protocol_name', None)
    v0_protocol_name_bytes = None if v0_protocol_name is None else v0_protocol_name.encode()
    if v0_protocol_name_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_protocol_name_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_protocol_name_bytes)
    v0_assignments = g0('assignments')
    if v0_assignments is None:
        v0_assignments = []
    n0 = len(v0_assignments) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_assignments:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_member_id = g2('member_id')
        if v2_member_id is None:
            v2_member_id = ''
        v2_member_id_bytes = v2_member_id.encode()
        n2 = len(v2_member_id_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_member_id_bytes)
        v2_assignment = g2('assignment')
        if v2_assignment is None:
            v2_assignment = b''
        n2 = len(v2_assignment) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_assignment)
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _SyncGroupResponse_v0_decode(buf, pos):
    # SyncGroupResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['error_code'], n0 = _unpack_from_hi(buf, pos)
    pos += 6
    if n0 < 0:
        raise _Err("null in non-nullable bytes at SyncGroupResponse.assignment")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('SyncGroupResponse.assignment')
    obj['assignment'] = buf[pos:e0]
    pos = e0
    obj['throttle_time_ms'] = 0
    obj['protocol_type'] = None
    obj['protocol_name'] = None
    return obj, pos


def _SyncGroupResponse_v0_encode(obj, w):
    # SyncGroupResponse v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_assignment = g0('assignment')
    if v0_assignment is None:
        v0_assignment = b''
    w(_pack_hi(v0_error_code, len(v0_assignment)))
    w(v0_assignment)


def _SyncGroupResponse_v1_decode(buf, pos):
    # SyncGroupResponse v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], obj['error_code'], n0 = _unpack_from_ihi(buf, pos)
    pos += 10
    if n0 < 0:
        raise _Err("null in non-nullable bytes at SyncGroupResponse.assignment")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('SyncGroupResponse.assignment')
    obj['assignment'] = buf[pos:e0]
    pos = e0
    obj['protocol_type'] = None
    obj['protocol_name'] = None
    return obj, pos


def _SyncGroupResponse_v1_encode(obj, w):
    # SyncGroupResponse v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_assignment = g0('assignment')
    if v0_assignment is None:
        v0_assignment = b''
    w(_pack_ihi(v0_throttle_time_ms, v0_error_code, len(v0_assignment)))
    w(v0_assignment)


def _SyncGroupResponse_v4_decode(buf, pos):
    # SyncGroupResponse v4: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], obj['error_code'] = _unpack_from_ih(buf, pos)
    pos += 6
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable bytes at SyncGroupResponse.assignment")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('SyncGroupResponse.assignment')
    obj['assignment'] = buf[pos:e1]
    pos = e1
    obj['protocol_type'] = None
    obj['protocol_name'] = None
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'SyncGroupResponse')
    else:
        pos += 1
    return obj, pos


def _SyncGroupResponse_v4_encode(obj, w):
    # SyncGroupResponse v4: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_assignment = g0('assignment')
    if v0_assignment is None:
        v0_assignment = b''
    w(_pack_ih(v0_throttle_time_ms, v0_error_code))
    n0 = len(v0_assignment) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_assignment)
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _SyncGroupResponse_v5_decode(buf, pos):
    # SyncGroupResponse v5: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], obj['error_code'] = _unpack_from_ih(buf, pos)
    pos += 6
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['protocol_type'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('SyncGroupResponse.protocol_type')
        obj['protocol_type'] = buf[pos:e1].decode()
        pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['protocol_name'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('SyncGroupResponse.protocol_name')
        obj['protocol_name'] = buf[pos:e1].decode()
        pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable bytes at SyncGroupResponse.assignment")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('SyncGroupResponse.assignment')
    obj['assignment'] = buf[pos:e1]
    pos = e1
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'SyncGroupResponse')
    else:
        pos += 1
    return obj, pos


def _SyncGroupResponse_v5_encode(obj, w):
    # SyncGroupResponse v5: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_protocol_type = g0('protocol_type', None)
    v0_protocol_type_bytes = None if v0_protocol_type is None else v0_protocol_type.encode()
    w(_pack_ih(v0_throttle_time_ms, v0_error_code))
    if v0_protocol_type_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_protocol_type_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_protocol_type_bytes)
    v0_protocol_name = g0('protocol_name', None)
    v0_protocol_name_bytes = None if v0_protocol_name is None else v0_protocol_name.encode()
    if v0_protocol_name_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_protocol_name_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_protocol_name_bytes)
    v0_assignment = g0('assignment')
    if v0_assignment is None:
        v0_assignment = b''
    n0 = len(v0_assignment) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_assignment)
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ApiVersionsRequest_v0_decode(buf, pos):
    # ApiVersionsRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['client_software_name'] = ''
    obj['client_software_version'] = ''
    return obj, pos


def _ApiVersionsRequest_v0_encode(obj, w):
    # ApiVersionsRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)


def _ApiVersionsRequest_v3_decode(buf, pos):
    # ApiVersionsRequest v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at ApiVersionsRequest.client_software_name")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('ApiVersionsRequest.client_software_name')
    obj['client_software_name'] = buf[pos:e1].decode()
    pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at ApiVersionsRequest.client_software_version")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('ApiVersionsRequest.client_software_version')
    obj['client_software_version'] = buf[pos:e1].decode()
    pos = e1
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ApiVersionsRequest')
    else:
        pos += 1
    return obj, pos


def _ApiVersionsRequest_v3_encode(obj, w):
    # ApiVersionsRequest v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_client_software_name = g0('client_software_name')
    if v0_client_software_name is None:
        v0_client_software_name = ''
    v0_client_software_name_bytes = v0_client_software_name.encode()
    n0 = len(v0_client_software_name_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_client_software_name_bytes)
    v0_client_software_version = g0('client_software_version')
    if v0_client_software_version is None:
        v0_client_software_version = ''
    v0_client_software_version_bytes = v0_client_software_version.encode()
    n0 = len(v0_client_software_version_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_client_software_version_bytes)
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ApiVersionsResponse_v0_decode(buf, pos):
    # ApiVersionsResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['error_code'], n0 = _unpack_from_hi(buf, pos)
    pos += 6
    if n0 < 0:
        raise _Err("null in non-nullable array at ApiVersionsResponse.api_keys")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'ApiVersionsResponse.api_keys')
    obj['api_keys'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['api_key'], x0['min_version'], x0['max_version'] = _unpack_from_hhh(buf, pos)
        pos += 6
        a0.append(x0)
    obj['throttle_time_ms'] = 0
    obj['supported_features'] = []
    obj['finalized_features_epoch'] = -1
    obj['finalized_features'] = []
    obj['zk_migration_ready'] = False
    return obj, pos


def _ApiVersionsResponse_v0_encode(obj, w):
    # ApiVersionsResponse v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_api_keys = g0('api_keys')
    if v0_api_keys is None:
        v0_api_keys = []
    w(_pack_hi(v0_error_code, len(v0_api_keys)))
    for x0 in v0_api_keys:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_api_key = g2('api_key')
        if v2_api_key is None:
            v2_api_key = 0
        v2_min_version = g2('min_version')
        if v2_min_version is None:
            v2_min_version = 0
        v2_max_version = g2('max_version')
        if v2_max_version is None:
            v2_max_version = 0
        w(_pack_hhh(v2_api_key, v2_min_version, v2_max_version))


def _ApiVersionsResponse_v1_decode(buf, pos):
    # ApiVersionsResponse v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['error_code'], n0 = _unpack_from_hi(buf, pos)
    pos += 6
    if n0 < 0:
        raise _Err("null in non-nullable array at ApiVersionsResponse.api_keys")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'ApiVersionsResponse.api_keys')
    obj['api_keys'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['api_key'], x0['min_version'], x0['max_version'] = _unpack_from_hhh(buf, pos)
        pos += 6
        a0.append(x0)
    obj['throttle_time_ms'], = _unpack_from_i(buf, pos)
    pos += 4
    obj['supported_features'] = []
    obj['finalized_features_epoch'] = -1
    obj['finalized_features'] = []
    obj['zk_migration_ready'] = False
    return obj, pos


def _ApiVersionsResponse_v1_encode(obj, w):
    # ApiVersionsResponse v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_api_keys = g0('api_keys')
    if v0_api_keys is None:
        v0_api_keys = []
    w(_pack_hi(v0_error_code, len(v0_api_keys)))
    for x0 in v0_api_keys:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_api_key = g2('api_key')
        if v2_api_key is None:
            v2_api_key = 0
        v2_min_version = g2('min_version')
        if v2_min_version is None:
            v2_min_version = 0
        v2_max_version = g2('max_version')
        if v2_max_version is None:
            v2_max_version = 0
        w(_pack_hhh(v2_api_key, v2_min_version, v2_max_version))
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    w(_pack_i(v0_throttle_time_ms))


def _ApiVersionsResponse_v3_decode(buf, pos):
    # ApiVersionsResponse v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['error_code'], = _unpack_from_h(buf, pos)
    pos += 2
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ApiVersionsResponse.api_keys")
    n1 -= 1
    if n1 > 1000000 or n1 * 7 > end - pos:
        raise _too_many(n1, end - pos, 'ApiVersionsResponse.api_keys')
    obj['api_keys'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['api_key'], x1['min_version'], x1['max_version'] = _unpack_from_hhh(buf, pos)
        pos += 6
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ApiVersionsResponse.api_keys[]')
        else:
            pos += 1
        a1.append(x1)
    obj['throttle_time_ms'], = _unpack_from_i(buf, pos)
    pos += 4
    obj['supported_features'] = []
    obj['finalized_features_epoch'] = -1
    obj['finalized_features'] = []
    obj['zk_migration_ready'] = False
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _TAGS_ApiVersionsResponse_v3_5, 'ApiVersionsResponse')
    else:
        pos += 1
    return obj, pos


def _decode_tag_supported_features__ApiVersionsResponse_v3_1(buf):
    # tagged field 0 of ApiVersionsResponse, read from its own bytes
    end = len(buf)
    pos = 0
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ApiVersionsResponse.supported_features")
    n1 -= 1
    if n1 > 1000000 or n1 * 6 > end - pos:
        raise _too_many(n1, end - pos, 'ApiVersionsResponse.supported_features')
    value = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ApiVersionsResponse.supported_features[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ApiVersionsResponse.supported_features[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        x1['min_version'], x1['max_version'] = _unpack_from_hh(buf, pos)
        pos += 4
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ApiVersionsResponse.supported_features[]')
        else:
            pos += 1
        value.append(x1)
    return value


def _decode_tag_finalized_features_epoch__ApiVersionsResponse_v3_2(buf):
    # tagged field 1 of ApiVersionsResponse, read from its own bytes
    end = len(buf)
    pos = 0
    value, = _unpack_from_q(buf, pos)
    pos += 8
    return value


def _decode_tag_finalized_features__ApiVersionsResponse_v3_3(buf):
    # tagged field 2 of ApiVersionsResponse, read from its own bytes
    end = len(buf)
    pos = 0
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ApiVersionsResponse.finalized_features")
    n1 -= 1
    if n1 > 1000000 or n1 * 6 > end - pos:
        raise _too_many(n1, end - pos, 'ApiVersionsResponse.finalized_features')
    value = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ApiVersionsResponse.finalized_features[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ApiVersionsResponse.finalized_features[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        x1['max_version_level'], x1['min_version_level'] = _unpack_from_hh(buf, pos)
        pos += 4
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ApiVersionsResponse.finalized_features[]')
        else:
            pos += 1
        value.append(x1)
    return value


def _decode_tag_zk_migration_ready__ApiVersionsResponse_v3_4(buf):
    # tagged field 3 of ApiVersionsResponse, read from its own bytes
    end = len(buf)
    pos = 0
    value, = _unpack_from_o(buf, pos)
    pos += 1
    return value


def _ApiVersionsResponse_v3_encode(obj, w):
    # ApiVersionsResponse v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_api_keys = g0('api_keys')
    if v0_api_keys is None:
        v0_api_keys = []
    w(_pack_h(v0_error_code))
    n0 = len(v0_api_keys) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_api_keys:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_api_key = g2('api_key')
        if v2_api_key is None:
            v2_api_key = 0
        v2_min_version = g2('min_version')
        if v2_min_version is None:
            v2_min_version = 0
        v2_max_version = g2('max_version')
        if v2_max_version is None:
            v2_max_version = 0
        w(_pack_hhh(v2_api_key, v2_min_version, v2_max_version))
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    w(_pack_i(v0_throttle_time_ms))
    t0 = []
    u0 = g0('supported_features', [])
    if not u0 == []:  # tagged fields at their default are not written
        t0.append((0, _encode_tag_supported_features__ApiVersionsResponse_v3_6(u0)))
    u0 = g0('finalized_features_epoch', -1)
    if not u0 == -1:  # tagged fields at their default are not written
        t0.append((1, _encode_tag_finalized_features_epoch__ApiVersionsResponse_v3_7(u0)))
    u0 = g0('finalized_features', [])
    if not u0 == []:  # tagged fields at their default are not written
        t0.append((2, _encode_tag_finalized_features__ApiVersionsResponse_v3_8(u0)))
    u0 = g0('zk_migration_ready', False)
    if not u0 == False:  # tagged fields at their default are not written
        t0.append((3, _encode_tag_zk_migration_ready__ApiVersionsResponse_v3_9(u0)))
    u0 = g0('_unknown_tags', None)
    if u0:
        t0.extend(u0.items())
        t0.sort()
    if t0:
        _write_tags(w, t0)
    else:
        w(b'\x00')


def _encode_tag_supported_features__ApiVersionsResponse_v3_6(value):
    # tagged field 0 at ApiVersionsResponse.supported_features, as its own bytes
    out = []
    w = out.append
    if value is None:
        raise _null_build('array', 'ApiVersionsResponse.supported_features')
    n1 = len(value) + 1
    w(_UV[n1] if n1 < 128 else _uv(n1))
    for x1 in value:
        g3 = x1.get if isinstance(x1, dict) else _getter(x1)
        v3_name = g3('name')
        if v3_name is None:
            v3_name = ''
        v3_name_bytes = v3_name.encode()
        n3 = len(v3_name_bytes) + 1
        w(_UV[n3] if n3 < 128 else _uv(n3))
        w(v3_name_bytes)
        v3_min_version = g3('min_version')
        if v3_min_version is None:
            v3_min_version = 0
        v3_max_version = g3('max_version')
        if v3_max_version is None:
            v3_max_version = 0
        w(_pack_hh(v3_min_version, v3_max_version))
        u3 = g3('_unknown_tags', None)
        if u3:
            _write_tags(w, sorted(u3.items()))
        else:
            w(b'\x00')  # no tagged fields
    return b''.join(out)


def _encode_tag_finalized_features_epoch__ApiVersionsResponse_v3_7(value):
    # tagged field 1 at ApiVersionsResponse.finalized_features_epoch, as its own bytes
    out = []
    w = out.append
    w(_pack_q(value))
    return b''.join(out)


def _encode_tag_finalized_features__ApiVersionsResponse_v3_8(value):
    # tagged field 2 at ApiVersionsResponse.finalized_features, as its own bytes
    out = []
    w = out.append
    if value is None:
        raise _null_build('array', 'ApiVersionsResponse.finalized_features')
    n1 = len(value) + 1
    w(_UV[n1] if n1 < 128 else _uv(n1))
    for x1 in value:
        g3 = x1.get if isinstance(x1, dict) else _getter(x1)
        v3_name = g3('name')
        if v3_name is None:
            v3_name = ''
        v3_name_bytes = v3_name.encode()
        n3 = len(v3_name_bytes) + 1
        w(_UV[n3] if n3 < 128 else _uv(n3))
        w(v3_name_bytes)
        v3_max_version_level = g3('max_version_level')
        if v3_max_version_level is None:
            v3_max_version_level = 0
        v3_min_version_level = g3('min_version_level')
        if v3_min_version_level is None:
            v3_min_version_level = 0
        w(_pack_hh(v3_max_version_level, v3_min_version_level))
        u3 = g3('_unknown_tags', None)
        if u3:
            _write_tags(w, sorted(u3.items()))
        else:
            w(b'\x00')  # no tagged fields
    return b''.join(out)


def _encode_tag_zk_migration_ready__ApiVersionsResponse_v3_9(value):
    # tagged field 3 at ApiVersionsResponse.zk_migration_ready, as its own bytes
    out = []
    w = out.append
    w(_pack_o(value))
    return b''.join(out)


def _InitProducerIdRequest_v0_decode(buf, pos):
    # InitProducerIdRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        obj['transactional_id'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('InitProducerIdRequest.transactional_id')
        obj['transactional_id'] = buf[pos:e0].decode()
        pos = e0
    obj['transaction_timeout_ms'], = _unpack_from_i(buf, pos)
    pos += 4
    obj['producer_id'] = -1
    obj['producer_epoch'] = -1
    return obj, pos


def _InitProducerIdRequest_v0_encode(obj, w):
    # InitProducerIdRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_transactional_id = g0('transactional_id', '')
    v0_transactional_id_bytes = None if v0_transactional_id is None else v0_transactional_id.encode()
    w(_pack_h(-1 if v0_transactional_id_bytes is None else len(v0_transactional_id_bytes)))
    if v0_transactional_id_bytes is not None:
        w(v0_transactional_id_bytes)
    v0_transaction_timeout_ms = g0('transaction_timeout_ms')
    if v0_transaction_timeout_ms is None:
        v0_transaction_timeout_ms = 0
    w(_pack_i(v0_transaction_timeout_ms))


def _InitProducerIdRequest_v2_decode(buf, pos):
    # InitProducerIdRequest v2: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['transactional_id'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('InitProducerIdRequest.transactional_id')
        obj['transactional_id'] = buf[pos:e1].decode()
        pos = e1
    obj['transaction_timeout_ms'], = _unpack_from_i(buf, pos)
    pos += 4
    obj['producer_id'] = -1
    obj['producer_epoch'] = -1
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'InitProducerIdRequest')
    else:
        pos += 1
    return obj, pos


def _InitProducerIdRequest_v2_encode(obj, w):
    # InitProducerIdRequest v2: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_transactional_id = g0('transactional_id', '')
    v0_transactional_id_bytes = None if v0_transactional_id is None else v0_transactional_id.encode()
    if v0_transactional_id_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_transactional_id_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_transactional_id_bytes)
    v0_transaction_timeout_ms = g0('transaction_timeout_ms')
    if v0_transaction_timeout_ms is None:
        v0_transaction_timeout_ms = 0
    w(_pack_i(v0_transaction_timeout_ms))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _InitProducerIdRequest_v3_decode(buf, pos):
    # InitProducerIdRequest v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['transactional_id'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('InitProducerIdRequest.transactional_id')
        obj['transactional_id'] = buf[pos:e1].decode()
        pos = e1
    obj['transaction_timeout_ms'], obj['producer_id'], obj['producer_epoch'] = _unpack_from_iqh(buf, pos)
    pos += 14
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'InitProducerIdRequest')
    else:
        pos += 1
    return obj, pos


def _InitProducerIdRequest_v3_encode(obj, w):
    # InitProducerIdRequest v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_transactional_id = g0('transactional_id', '')
    v0_transactional_id_bytes = None if v0_transactional_id is None else v0_transactional_id.encode()
    if v0_transactional_id_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_transactional_id_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_transactional_id_bytes)
    v0_transaction_timeout_ms = g0('transaction_timeout_ms')
    if v0_transaction_timeout_ms is None:
        v0_transaction_timeout_ms = 0
    v0_producer_id = g0('producer_id')
    if v0_producer_id is None:
        v0_producer_id = -1
    v0_producer_epoch = g0('producer_epoch')
    if v0_producer_epoch is None:
        v0_producer_epoch = -1
    w(_pack_iqh(v0_transaction_timeout_ms, v0_producer_id, v0_producer_epoch))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _InitProducerIdResponse_v0_decode(buf, pos):
    # InitProducerIdResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], obj['error_code'], obj['producer_id'], obj['producer_epoch'] = _unpack_from_ihqh(buf, pos)
    pos += 16
    return obj, pos


def _InitProducerIdResponse_v0_encode(obj, w):
    # InitProducerIdResponse v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_producer_id = g0('producer_id')
    if v0_producer_id is None:
        v0_producer_id = -1
    v0_producer_epoch = g0('producer_epoch')
    if v0_producer_epoch is None:
        v0_producer_epoch = 0
    w(_pack_ihqh(v0_throttle_time_ms, v0_error_code, v0_producer_id, v0_producer_epoch))


def _InitProducerIdResponse_v2_decode(buf, pos):
    # InitProducerIdResponse v2: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], obj['error_code'], obj['producer_id'], obj['producer_epoch'] = _unpack_from_ihqh(buf, pos)
    pos += 16
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'InitProducerIdResponse')
    else:
        pos += 1
    return obj, pos


def _InitProducerIdResponse_v2_encode(obj, w):
    # InitProducerIdResponse v2: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_producer_id = g0('producer_id')
    if v0_producer_id is None:
        v0_producer_id = -1
    v0_producer_epoch = g0('producer_epoch')
    if v0_producer_epoch is None:
        v0_producer_epoch = 0
    w(_pack_ihqh(v0_throttle_time_ms, v0_error_code, v0_producer_id, v0_producer_epoch))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ConsumerGroupHeartbeatRequest_v0_decode(buf, pos):
    # ConsumerGroupHeartbeatRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at ConsumerGroupHeartbeatRequest.group_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('ConsumerGroupHeartbeatRequest.group_id')
    obj['group_id'] = buf[pos:e1].decode()
    pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at ConsumerGroupHeartbeatRequest.member_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('ConsumerGroupHeartbeatRequest.member_id')
    obj['member_id'] = buf[pos:e1].decode()
    pos = e1
    obj['member_epoch'], = _unpack_from_i(buf, pos)
    pos += 4
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['instance_id'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ConsumerGroupHeartbeatRequest.instance_id')
        obj['instance_id'] = buf[pos:e1].decode()
        pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['rack_id'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ConsumerGroupHeartbeatRequest.rack_id')
        obj['rack_id'] = buf[pos:e1].decode()
        pos = e1
    obj['rebalance_timeout_ms'], = _unpack_from_i(buf, pos)
    pos += 4
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['subscribed_topic_names'] = None
    else:
        n1 -= 1
        if n1 > 1000000 or n1 > end - pos:
            raise _too_many(n1, end - pos, 'ConsumerGroupHeartbeatRequest.subscribed_topic_names')
        obj['subscribed_topic_names'] = a1 = []
        for _ in range(n1):
            n2 = buf[pos]
            if n2 > 127:
                n2, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n2:
                raise _Err("null in non-nullable string at ConsumerGroupHeartbeatRequest.subscribed_topic_names[]")
            n2 -= 1
            e2 = pos + n2
            if e2 > end:
                raise _truncated('ConsumerGroupHeartbeatRequest.subscribed_topic_names[]')
            x1 = buf[pos:e2].decode()
            pos = e2
            a1.append(x1)
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['server_assignor'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ConsumerGroupHeartbeatRequest.server_assignor')
        obj['server_assignor'] = buf[pos:e1].decode()
        pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['topic_partitions'] = None
    else:
        n1 -= 1
        if n1 > 1000000 or n1 * 18 > end - pos:
            raise _too_many(n1, end - pos, 'ConsumerGroupHeartbeatRequest.topic_partitions')
        obj['topic_partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['topic_id'], = _unpack_from_16s(buf, pos)
            pos += 16
            x1['topic_id'] = _uuid(x1['topic_id'])
            n3 = buf[pos]
            if n3 > 127:
                n3, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n3:
                raise _Err("null in non-nullable array at ConsumerGroupHeartbeatRequest.topic_partitions[].partitions")
            n3 -= 1
            if n3 > 1000000 or n3 * 4 > end - pos:
                raise _too_many(n3, end - pos, 'ConsumerGroupHeartbeatRequest.topic_partitions[].partitions')
            x1['partitions'] = list(_unpack_from_i_arrays[n3](buf, pos) if n3 < 32 else _struct_unpack_from('>%di' % n3, buf, pos))
            pos += 4 * n3
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ConsumerGroupHeartbeatRequest.topic_partitions[]')
            else:
                pos += 1
            a1.append(x1)
    obj['subscribed_topic_regex'] = None
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ConsumerGroupHeartbeatRequest')
    else:
        pos += 1
    return obj, pos


def _ConsumerGroupHeartbeatRequest_v0_encode(obj, w):
    # ConsumerGroupHeartbeatRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    n0 = len(v0_group_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_group_id_bytes)
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    n0 = len(v0_member_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_member_id_bytes)
    v0_member_epoch = g0('member_epoch')
    if v0_member_epoch is None:
        v0_member_epoch = 0
    v0_instance_id = g0('instance_id', None)
    v0_instance_id_bytes = None if v0_instance_id is None else v0_instance_id.encode()
    w(_pack_i(v0_member_epoch))
    if v0_instance_id_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_instance_id_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_instance_id_bytes)
    v0_rack_id = g0('rack_id', None)
    v0_rack_id_bytes = None if v0_rack_id is None else v0_rack_id.encode()
    if v0_rack_id_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_rack_id_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_rack_id_bytes)
    v0_rebalance_timeout_ms = g0('rebalance_timeout_ms')
    if v0_rebalance_timeout_ms is None:
        v0_rebalance_timeout_ms = -1
    v0_subscribed_topic_names = g0('subscribed_topic_names', None)
    w(_pack_i(v0_rebalance_timeout_ms))
    if v0_subscribed_topic_names is None:
        w(b'\x00')
    else:
        n0 = len(v0_subscribed_topic_names) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        for x0 in v0_subscribed_topic_names:
            if x0 is None:
                raise _null_build('string', 'ConsumerGroupHeartbeatRequest.subscribed_topic_names[]')
            x0_bytes = x0.encode()
            n1 = len(x0_bytes) + 1
            w(_UV[n1] if n1 < 128 else _uv(n1))
            w(x0_bytes)
    v0_server_assignor = g0('server_assignor', None)
    v0_server_assignor_bytes = None if v0_server_assignor is None else v0_server_assignor.encode()
    if v0_server_assignor_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_server_assignor_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_server_assignor_bytes)
    v0_topic_partitions = g0('topic_partitions', None)
    if v0_topic_partitions is None:
        w(b'\x00')
    else:
        n0 = len(v0_topic_partitions) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        for x0 in v0_topic_partitions:
            g2 = x0.get if isinstance(x0, dict) else _getter(x0)
            v2_topic_id = g2('topic_id')
            if v2_topic_id is None:
                v2_topic_id = _D_ConsumerGroupHeartbeatRequest_v0_1
            w(v2_topic_id.bytes)
            v2_partitions = g2('partitions')
            if v2_partitions is None:
                v2_partitions = []
            n2 = len(v2_partitions) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(_pack_i_arrays[len(v2_partitions)](*v2_partitions) if len(v2_partitions) < 32 else _struct_pack('>%di' % len(v2_partitions), *v2_partitions))
            u2 = g2('_unknown_tags', None)
            if u2:
                _write_tags(w, sorted(u2.items()))
            else:
                w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ConsumerGroupHeartbeatRequest_v1_decode(buf, pos):
    # ConsumerGroupHeartbeatRequest v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at ConsumerGroupHeartbeatRequest.group_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('ConsumerGroupHeartbeatRequest.group_id')
    obj['group_id'] = buf[pos:e1].decode()
    pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at ConsumerGroupHeartbeatRequest.member_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('ConsumerGroupHeartbeatRequest.member_id')
    obj['member_id'] = buf[pos:e1].decode()
    pos = e1
    obj['member_epoch'], = _unpack_from_i(buf, pos)
    pos += 4
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['instance_id'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ConsumerGroupHeartbeatRequest.instance_id')
        obj['instance_id'] = buf[pos:e1].decode()
        pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['rack_id'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ConsumerGroupHeartbeatRequest.rack_id')
        obj['rack_id'] = buf[pos:e1].decode()
        pos = e1
    obj['rebalance_timeout_ms'], = _unpack_from_i(buf, pos)
    pos += 4
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['subscribed_topic_names'] = None
    else:
        n1 -= 1
        if n1 > 1000000 or n1 > end - pos:
            raise _too_many(n1, end - pos, 'ConsumerGroupHeartbeatRequest.subscribed_topic_names')
        obj['subscribed_topic_names'] = a1 = []
        for _ in range(n1):
            n2 = buf[pos]
            if n2 > 127:
                n2, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n2:
                raise _Err("null in non-nullable string at ConsumerGroupHeartbeatRequest.subscribed_topic_names[]")
            n2 -= 1
            e2 = pos + n2
            if e2 > end:
                raise _truncated('ConsumerGroupHeartbeatRequest.subscribed_topic_names[]')
            x1 = buf[pos:e2].decode()
            pos = e2
            a1.append(x1)
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['subscribed_topic_regex'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ConsumerGroupHeartbeatRequest.subscribed_topic_regex')
        obj['subscribed_topic_regex'] = buf[pos:e1].decode()
        pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['server_assignor'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ConsumerGroupHeartbeatRequest.server_assignor')
        obj['server_assignor'] = buf[pos:e1].decode()
        pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['topic_partitions'] = None
    else:
        n1 -= 1
        if n1 > 1000000 or n1 * 18 > end - pos:
            raise _too_many(n1, end - pos, 'ConsumerGroupHeartbeatRequest.topic_partitions')
        obj['topic_partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['topic_id'], = _unpack_from_16s(buf, pos)
            pos += 16
            x1['topic_id'] = _uuid(x1['topic_id'])
            n3 = buf[pos]
            if n3 > 127:
                n3, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n3:
                raise _Err("null in non-nullable array at ConsumerGroupHeartbeatRequest.topic_partitions[].partitions")
            n3 -= 1
            if n3 > 1000000 or n3 * 4 > end - pos:
                raise _too_many(n3, end - pos, 'ConsumerGroupHeartbeatRequest.topic_partitions[].partitions')
            x1['partitions'] = list(_unpack_from_i_arrays[n3](buf, pos) if n3 < 32 else _struct_unpack_from('>%di' % n3, buf, pos))
            pos += 4 * n3
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ConsumerGroupHeartbeatRequest.topic_partitions[]')
            else:
                pos += 1
            a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ConsumerGroupHeartbeatRequest')
    else:
        pos += 1
    return obj, pos


def _ConsumerGroupHeartbeatRequest_v1_encode(obj, w):
    # ConsumerGroupHeartbeatRequest v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    n0 = len(v0_group_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_group_id_bytes)
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    n0 = len(v0_member_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_member_id_bytes)
    v0_member_epoch = g0('member_epoch')
    if v0_member_epoch is None:
        v0_member_epoch = 0
    v0_instance_id = g0('instance_id', None)
    v0_instance_id_bytes = None if v0_instance_id is None else v0_instance_id.encode()
    w(_pack_i(v0_member_epoch))
    if v0_instance_id_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_instance_id_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_instance_id_bytes)
    v0_rack_id = g0('rack_id', None)
    v0_rack_id_bytes = None if v0_rack_id is None else v0_rack_id.encode()
    if v0_rack_id_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_rack_id_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_rack_id_bytes)
    v0_rebalance_timeout_ms = g0('rebalance_timeout_ms')
    if v0_rebalance_timeout_ms is None:
        v0_rebalance_timeout_ms = -1
    v0_subscribed_topic_names = g0('subscribed_topic_names', None)
    w(_pack_i(v0_rebalance_timeout_ms))
    if v0_subscribed_topic_names is None:
        w(b'\x00')
    else:
        n0 = len(v0_subscribed_topic_names) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        for x0 in v0_subscribed_topic_names:
            if x0 is None:
                raise _null_build('string', 'ConsumerGroupHeartbeatRequest.subscribed_topic_names[]')
            x0_bytes = x0.encode()
            n1 = len(x0_bytes) + 1
            w(_UV[n1] if n1 < 128 else _uv(n1))
            w(x0_bytes)
    v0_subscribed_topic_regex = g0('subscribed_topic_regex', None)
    v0_subscribed_topic_regex_bytes = None if v0_subscribed_topic_regex is None else v0_subscribed_topic_regex.encode()
    if v0_subscribed_topic_regex_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_subscribed_topic_regex_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_subscribed_topic_regex_bytes)
    v0_server_assignor = g0('server_assignor', None)
    v0_server_assignor_bytes = None if v0_server_assignor is None else v0_server_assignor.encode()
    if v0_server_assignor_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_server_assignor_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_server_assignor_bytes)
    v0_topic_partitions = g0('topic_partitions', None)
    if v0_topic_partitions is None:
        w(b'\x00')
    else:
        n0 = len(v0_topic_partitions) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        for x0 in v0_topic_partitions:
            g2 = x0.get if isinstance(x0, dict) else _getter(x0)
            v2_topic_id = g2('topic_id')
            if v2_topic_id is None:
                v2_topic_id = _D_ConsumerGroupHeartbeatRequest_v1_1
            w(v2_topic_id.bytes)
            v2_partitions = g2('partitions')
            if v2_partitions is None:
                v2_partitions = []
            n2 = len(v2_partitions) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(_pack_i_arrays[len(v2_partitions)](*v2_partitions) if len(v2_partitions) < 32 else _struct_pack('>%di' % len(v2_partitions), *v2_partitions))
            u2 = g2('_unknown_tags', None)
            if u2:
                _write_tags(w, sorted(u2.items()))
            else:
                w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ConsumerGroupHeartbeatResponse_v0_decode(buf, pos):
    # ConsumerGroupHeartbeatResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], obj['error_code'] = _unpack_from_ih(buf, pos)
    pos += 6
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['error_message'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ConsumerGroupHeartbeatResponse.error_message')
        obj['error_message'] = buf[pos:e1].decode()
        pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['member_id'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ConsumerGroupHeartbeatResponse.member_id')
        obj['member_id'] = buf[pos:e1].decode()
        pos = e1
    obj['member_epoch'], obj['heartbeat_interval_ms'], n0 = _unpack_from_iib(buf, pos)
    pos += 9
    if n0 < 0:
        obj['assignment'] = None
    else:
        obj['assignment'] = o1 = Container()
        n2 = buf[pos]
        if n2 > 127:
            n2, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n2:
            raise _Err("null in non-nullable array at ConsumerGroupHeartbeatResponse.assignment.topic_partitions")
        n2 -= 1
        if n2 > 1000000 or n2 * 18 > end - pos:
            raise _too_many(n2, end - pos, 'ConsumerGroupHeartbeatResponse.assignment.topic_partitions')
        o1['topic_partitions'] = a2 = []
        for _ in range(n2):
            x2 = Container()
            x2['topic_id'], = _unpack_from_16s(buf, pos)
            pos += 16
            x2['topic_id'] = _uuid(x2['topic_id'])
            n4 = buf[pos]
            if n4 > 127:
                n4, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n4:
                raise _Err("null in non-nullable array at ConsumerGroupHeartbeatResponse.assignment.topic_partitions[].partitions")
            n4 -= 1
            if n4 > 1000000 or n4 * 4 > end - pos:
                raise _too_many(n4, end - pos, 'ConsumerGroupHeartbeatResponse.assignment.topic_partitions[].partitions')
            x2['partitions'] = list(_unpack_from_i_arrays[n4](buf, pos) if n4 < 32 else _struct_unpack_from('>%di' % n4, buf, pos))
            pos += 4 * n4
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x2, _NO_TAGS, 'ConsumerGroupHeartbeatResponse.assignment.topic_partitions[]')
            else:
                pos += 1
            a2.append(x2)
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, o1, _NO_TAGS, 'ConsumerGroupHeartbeatResponse.assignment')
        else:
            pos += 1
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ConsumerGroupHeartbeatResponse')
    else:
        pos += 1
    return obj, pos


def _ConsumerGroupHeartbeatResponse_v0_encode(obj, w):
    # ConsumerGroupHeartbeatResponse v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_error_message = g0('error_message', None)
    v0_error_message_bytes = None if v0_error_message is None else v0_error_message.encode()
    w(_pack_ih(v0_throttle_time_ms, v0_error_code))
    if v0_error_message_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_error_message_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_error_message_bytes)
    v0_member_id = g0('member_id', None)
    v0_member_id_bytes = None if v0_member_id is None else v0_member_id.encode()
    if v0_member_id_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_member_id_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_member_id_bytes)
    v0_member_epoch = g0('member_epoch')
    if v0_member_epoch is None:
        v0_member_epoch = 0
    v0_heartbeat_interval_ms = g0('heartbeat_interval_ms')
    if v0_heartbeat_interval_ms is None:
        v0_heartbeat_interval_ms = 0
    v0_assignment = g0('assignment', None)
    w(_pack_ii(v0_member_epoch, v0_heartbeat_interval_ms))
    if v0_assignment is None:
        w(b'\xff')
    else:
        w(b'\x01')
        g1 = v0_assignment.get if isinstance(v0_assignment, dict) else _getter(v0_assignment)
        v1_topic_partitions = g1('topic_partitions')
        if v1_topic_partitions is None:
            v1_topic_partitions = []
        n1 = len(v1_topic_partitions) + 1
        w(_UV[n1] if n1 < 128 else _uv(n1))
        for x1 in v1_topic_partitions:
            g3 = x1.get if isinstance(x1, dict) else _getter(x1)
            v3_topic_id = g3('topic_id')
            if v3_topic_id is None:
                v3_topic_id = _D_ConsumerGroupHeartbeatResponse_v0_1
            w(v3_topic_id.bytes)
            v3_partitions = g3('partitions')
            if v3_partitions is None:
                v3_partitions = []
            n3 = len(v3_partitions) + 1
            w(_UV[n3] if n3 < 128 else _uv(n3))
            w(_pack_i_arrays[len(v3_partitions)](*v3_partitions) if len(v3_partitions) < 32 else _struct_pack('>%di' % len(v3_partitions), *v3_partitions))
            u3 = g3('_unknown_tags', None)
            if u3:
                _write_tags(w, sorted(u3.items()))
            else:
                w(b'\x00')  # no tagged fields
        u1 = g1('_unknown_tags', None)
        if u1:
            _write_tags(w, sorted(u1.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ShareGroupHeartbeatRequest_v1_decode(buf, pos):
    # ShareGroupHeartbeatRequest v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at ShareGroupHeartbeatRequest.group_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('ShareGroupHeartbeatRequest.group_id')
    obj['group_id'] = buf[pos:e1].decode()
    pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at ShareGroupHeartbeatRequest.member_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('ShareGroupHeartbeatRequest.member_id')
    obj['member_id'] = buf[pos:e1].decode()
    pos = e1
    obj['member_epoch'], = _unpack_from_i(buf, pos)
    pos += 4
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['rack_id'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ShareGroupHeartbeatRequest.rack_id')
        obj['rack_id'] = buf[pos:e1].decode()
        pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['subscribed_topic_names'] = None
    else:
        n1 -= 1
        if n1 > 1000000 or n1 > end - pos:
            raise _too_many(n1, end - pos, 'ShareGroupHeartbeatRequest.subscribed_topic_names')
        obj['subscribed_topic_names'] = a1 = []
        for _ in range(n1):
            n2 = buf[pos]
            if n2 > 127:
                n2, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n2:
                raise _Err("null in non-nullable string at ShareGroupHeartbeatRequest.subscribed_topic_names[]")
            n2 -= 1
            e2 = pos + n2
            if e2 > end:
                raise _truncated('ShareGroupHeartbeatRequest.subscribed_topic_names[]')
            x1 = buf[pos:e2].decode()
            pos = e2
            a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ShareGroupHeartbeatRequest')
    else:
        pos += 1
    return obj, pos


def _ShareGroupHeartbeatRequest_v1_encode(obj, w):
    # ShareGroupHeartbeatRequest v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    n0 = len(v0_group_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_group_id_bytes)
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    n0 = len(v0_member_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_member_id_bytes)
    v0_member_epoch = g0('member_epoch')
    if v0_member_epoch is None:
        v0_member_epoch = 0
    v0_rack_id = g0('rack_id', None)
    v0_rack_id_bytes = None if v0_rack_id is None else v0_rack_id.encode()
    w(_pack_i(v0_member_epoch))
    if v0_rack_id_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_rack_id_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_rack_id_bytes)
    v0_subscribed_topic_names = g0('subscribed_topic_names', None)
    if v0_subscribed_topic_names is None:
        w(b'\x00')
    else:
        n0 = len(v0_subscribed_topic_names) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        for x0 in v0_subscribed_topic_names:
            if x0 is None:
                raise _null_build('string', 'ShareGroupHeartbeatRequest.subscribed_topic_names[]')
            x0_bytes = x0.encode()
            n1 = len(x0_bytes) + 1
            w(_UV[n1] if n1 < 128 else _uv(n1))
            w(x0_bytes)
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ShareGroupHeartbeatResponse_v1_decode(buf, pos):
    # ShareGroupHeartbeatResponse v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], obj['error_code'] = _unpack_from_ih(buf, pos)
    pos += 6
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['error_message'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ShareGroupHeartbeatResponse.error_message')
        obj['error_message'] = buf[pos:e1].decode()
        pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['member_id'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ShareGroupHeartbeatResponse.member_id')
        obj['member_id'] = buf[pos:e1].decode()
        pos = e1
    obj['member_epoch'], obj['heartbeat_interval_ms'], n0 = _unpack_from_iib(buf, pos)
    pos += 9
    if n0 < 0:
        obj['assignment'] = None
    else:
        obj['assignment'] = o1 = Container()
        n2 = buf[pos]
        if n2 > 127:
            n2, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n2:
            raise _Err("null in non-nullable array at ShareGroupHeartbeatResponse.assignment.topic_partitions")
        n2 -= 1
        if n2 > 1000000 or n2 * 18 > end - pos:
            raise _too_many(n2, end - pos, 'ShareGroupHeartbeatResponse.assignment.topic_partitions')
        o1['topic_partitions'] = a2 = []
        for _ in range(n2):
            x2 = Container()
            x2['topic_id'], = _unpack_from_16s(buf, pos)
            pos += 16
            x2['topic_id'] = _uuid(x2['topic_id'])
            n4 = buf[pos]
            if n4 > 127:
                n4, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n4:
                raise _Err("null in non-nullable array at ShareGroupHeartbeatResponse.assignment.topic_partitions[].partitions")
            n4 -= 1
            if n4 > 1000000 or n4 * 4 > end - pos:
                raise _too_many(n4, end - pos, 'ShareGroupHeartbeatResponse.assignment.topic_partitions[].partitions')
            x2['partitions'] = list(_unpack_from_i_arrays[n4](buf, pos) if n4 < 32 else _struct_unpack_from('>%di' % n4, buf, pos))
            pos += 4 * n4
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x2, _NO_TAGS, 'ShareGroupHeartbeatResponse.assignment.topic_partitions[]')
            else:
                pos += 1
            a2.append(x2)
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, o1, _NO_TAGS, 'ShareGroupHeartbeatResponse.assignment')
        else:
            pos += 1
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ShareGroupHeartbeatResponse')
    else:
        pos += 1
    return obj, pos


def _ShareGroupHeartbeatResponse_v1_encode(obj, w):
    # ShareGroupHeartbeatResponse v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_error_message = g0('error_message', None)
    v0_error_message_bytes = None if v0_error_message is None else v0_error_message.encode()
    w(_pack_ih(v0_throttle_time_ms, v0_error_code))
    if v0_error_message_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_error_message_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_error_message_bytes)
    v0_member_id = g0('member_id', None)
    v0_member_id_bytes = None if v0_member_id is None else v0_member_id.encode()
    if v0_member_id_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_member_id_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_member_id_bytes)
    v0_member_epoch = g0('member_epoch')
    if v0_member_epoch is None:
        v0_member_epoch = 0
    v0_heartbeat_interval_ms = g0('heartbeat_interval_ms')
    if v0_heartbeat_interval_ms is None:
        v0_heartbeat_interval_ms = 0
    v0_assignment = g0('assignment', None)
    w(_pack_ii(v0_member_epoch, v0_heartbeat_interval_ms))
    if v0_assignment is None:
        w(b'\xff')
    else:
        w(b'\x01')
        g1 = v0_assignment.get if isinstance(v0_assignment, dict) else _getter(v0_assignment)
        v1_topic_partitions = g1('topic_partitions')
        if v1_topic_partitions is None:
            v1_topic_partitions = []
        n1 = len(v1_topic_partitions) + 1
        w(_UV[n1] if n1 < 128 else _uv(n1))
        for x1 in v1_topic_partitions:
            g3 = x1.get if isinstance(x1, dict) else _getter(x1)
            v3_topic_id = g3('topic_id')
            if v3_topic_id is None:
                v3_topic_id = _D_ShareGroupHeartbeatResponse_v1_1
            w(v3_topic_id.bytes)
            v3_partitions = g3('partitions')
            if v3_partitions is None:
                v3_partitions = []
            n3 = len(v3_partitions) + 1
            w(_UV[n3] if n3 < 128 else _uv(n3))
            w(_pack_i_arrays[len(v3_partitions)](*v3_partitions) if len(v3_partitions) < 32 else _struct_pack('>%di' % len(v3_partitions), *v3_partitions))
            u3 = g3('_unknown_tags', None)
            if u3:
                _write_tags(w, sorted(u3.items()))
            else:
                w(b'\x00')  # no tagged fields
        u1 = g1('_unknown_tags', None)
        if u1:
            _write_tags(w, sorted(u1.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _AddPartitionsToTxnRequest_v0_decode(buf, pos):
    # AddPartitionsToTxnRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at AddPartitionsToTxnRequest.transactional_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('AddPartitionsToTxnRequest.transactional_id')
    obj['transactional_id'] = buf[pos:e0].decode()
    pos = e0
    obj['producer_id'], obj['producer_epoch'], n0 = _unpack_from_qhi(buf, pos)
    pos += 14
    if n0 < 0:
        raise _Err("null in non-nullable array at AddPartitionsToTxnRequest.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'AddPartitionsToTxnRequest.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at AddPartitionsToTxnRequest.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('AddPartitionsToTxnRequest.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at AddPartitionsToTxnRequest.topics[].partitions")
        if n1 > 1000000 or n1 * 4 > end - pos:
            raise _too_many(n1, end - pos, 'AddPartitionsToTxnRequest.topics[].partitions')
        x0['partitions'] = list(_unpack_from_i_arrays[n1](buf, pos) if n1 < 32 else _struct_unpack_from('>%di' % n1, buf, pos))
        pos += 4 * n1
        a0.append(x0)
    return obj, pos


def _AddPartitionsToTxnRequest_v0_encode(obj, w):
    # AddPartitionsToTxnRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_transactional_id = g0('transactional_id')
    if v0_transactional_id is None:
        v0_transactional_id = ''
    v0_transactional_id_bytes = v0_transactional_id.encode()
    w(_pack_h(len(v0_transactional_id_bytes)))
    w(v0_transactional_id_bytes)
    v0_producer_id = g0('producer_id')
    if v0_producer_id is None:
        v0_producer_id = 0
    v0_producer_epoch = g0('producer_epoch')
    if v0_producer_epoch is None:
        v0_producer_epoch = 0
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_qhi(v0_producer_id, v0_producer_epoch, len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        w(_pack_i_arrays[len(v2_partitions)](*v2_partitions) if len(v2_partitions) < 32 else _struct_pack('>%di' % len(v2_partitions), *v2_partitions))


def _AddPartitionsToTxnRequest_v3_decode(buf, pos):
    # AddPartitionsToTxnRequest v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at AddPartitionsToTxnRequest.transactional_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('AddPartitionsToTxnRequest.transactional_id')
    obj['transactional_id'] = buf[pos:e1].decode()
    pos = e1
    obj['producer_id'], obj['producer_epoch'] = _unpack_from_qh(buf, pos)
    pos += 10
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at AddPartitionsToTxnRequest.topics")
    n1 -= 1
    if n1 > 1000000 or n1 * 3 > end - pos:
        raise _too_many(n1, end - pos, 'AddPartitionsToTxnRequest.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at AddPartitionsToTxnRequest.topics[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('AddPartitionsToTxnRequest.topics[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at AddPartitionsToTxnRequest.topics[].partitions")
        n3 -= 1
        if n3 > 1000000 or n3 * 4 > end - pos:
            raise _too_many(n3, end - pos, 'AddPartitionsToTxnRequest.topics[].partitions')
        x1['partitions'] = list(_unpack_from_i_arrays[n3](buf, pos) if n3 < 32 else _struct_unpack_from('>%di' % n3, buf, pos))
        pos += 4 * n3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'AddPartitionsToTxnRequest.topics[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'AddPartitionsToTxnRequest')
    else:
        pos += 1
    return obj, pos


def _AddPartitionsToTxnRequest_v3_encode(obj, w):
    # AddPartitionsToTxnRequest v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_transactional_id = g0('transactional_id')
    if v0_transactional_id is None:
        v0_transactional_id = ''
    v0_transactional_id_bytes = v0_transactional_id.encode()
    n0 = len(v0_transactional_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_transactional_id_bytes)
    v0_producer_id = g0('producer_id')
    if v0_producer_id is None:
        v0_producer_id = 0
    v0_producer_epoch = g0('producer_epoch')
    if v0_producer_epoch is None:
        v0_producer_epoch = 0
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_qh(v0_producer_id, v0_producer_epoch))
    n0 = len(v0_topics) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        n2 = len(v2_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(_pack_i_arrays[len(v2_partitions)](*v2_partitions) if len(v2_partitions) < 32 else _struct_pack('>%di' % len(v2_partitions), *v2_partitions))
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _AddPartitionsToTxnResponse_v0_decode(buf, pos):
    # AddPartitionsToTxnResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at AddPartitionsToTxnResponse.results")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'AddPartitionsToTxnResponse.results')
    obj['results'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at AddPartitionsToTxnResponse.results[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('AddPartitionsToTxnResponse.results[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at AddPartitionsToTxnResponse.results[].results_by_partition")
        if n1 > 1000000 or n1 * 6 > end - pos:
            raise _too_many(n1, end - pos, 'AddPartitionsToTxnResponse.results[].results_by_partition')
        x0['results_by_partition'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['partition_error_code'] = _unpack_from_ih(buf, pos)
            pos += 6
            a1.append(x1)
        a0.append(x0)
    return obj, pos


def _AddPartitionsToTxnResponse_v0_encode(obj, w):
    # AddPartitionsToTxnResponse v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_results = g0('results')
    if v0_results is None:
        v0_results = []
    w(_pack_ii(v0_throttle_time_ms, len(v0_results)))
    for x0 in v0_results:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_results_by_partition = g2('results_by_partition')
        if v2_results_by_partition is None:
            v2_results_by_partition = []
        w(_pack_i(len(v2_results_by_partition)))
        for x2 in v2_results_by_partition:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_partition_error_code = g4('partition_error_code')
            if v4_partition_error_code is None:
                v4_partition_error_code = 0
            w(_pack_ih(v4_partition_index, v4_partition_error_code))


def _AddPartitionsToTxnResponse_v3_decode(buf, pos):
    # AddPartitionsToTxnResponse v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], = _unpack_from_i(buf, pos)
    pos += 4
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at AddPartitionsToTxnResponse.results")
    n1 -= 1
    if n1 > 1000000 or n1 * 3 > end - pos:
        raise _too_many(n1, end - pos, 'AddPartitionsToTxnResponse.results')
    obj['results'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at AddPartitionsToTxnResponse.results[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('AddPartitionsToTxnResponse.results[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at AddPartitionsToTxnResponse.results[].results_by_partition")
        n3 -= 1
        if n3 > 1000000 or n3 * 7 > end - pos:
            raise _too_many(n3, end - pos, 'AddPartitionsToTxnResponse.results[].results_by_partition')
        x1['results_by_partition'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['partition_index'], x3['partition_error_code'] = _unpack_from_ih(buf, pos)
            pos += 6
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'AddPartitionsToTxnResponse.results[].results_by_partition[]')
            else:
                pos += 1
            a3.append(x3)
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'AddPartitionsToTxnResponse.results[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'AddPartitionsToTxnResponse')
    else:
        pos += 1
    return obj, pos


def _AddPartitionsToTxnResponse_v3_encode(obj, w):
    # AddPartitionsToTxnResponse v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_results = g0('results')
    if v0_results is None:
        v0_results = []
    w(_pack_i(v0_throttle_time_ms))
    n0 = len(v0_results) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_results:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        n2 = len(v2_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_name_bytes)
        v2_results_by_partition = g2('results_by_partition')
        if v2_results_by_partition is None:
            v2_results_by_partition = []
        n2 = len(v2_results_by_partition) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_results_by_partition:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_partition_error_code = g4('partition_error_code')
            if v4_partition_error_code is None:
                v4_partition_error_code = 0
            w(_pack_ih(v4_partition_index, v4_partition_error_code))
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _AddOffsetsToTxnRequest_v0_decode(buf, pos):
    # AddOffsetsToTxnRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at AddOffsetsToTxnRequest.transactional_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('AddOffsetsToTxnRequest.transactional_id')
    obj['transactional_id'] = buf[pos:e0].decode()
    pos = e0
    obj['producer_id'], obj['producer_epoch'], n0 = _unpack_from_qhh(buf, pos)
    pos += 12
    if n0 < 0:
        raise _Err("null in non-nullable string at AddOffsetsToTxnRequest.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('AddOffsetsToTxnRequest.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    return obj, pos


def _AddOffsetsToTxnRequest_v0_encode(obj, w):
    # AddOffsetsToTxnRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_transactional_id = g0('transactional_id')
    if v0_transactional_id is None:
        v0_transactional_id = ''
    v0_transactional_id_bytes = v0_transactional_id.encode()
    w(_pack_h(len(v0_transactional_id_bytes)))
    w(v0_transactional_id_bytes)
    v0_producer_id = g0('producer_id')
    if v0_producer_id is None:
        v0_producer_id = 0
    v0_producer_epoch = g0('producer_epoch')
    if v0_producer_epoch is None:
        v0_producer_epoch = 0
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_qhh(v0_producer_id, v0_producer_epoch, len(v0_group_id_bytes)))
    w(v0_group_id_bytes)


def _AddOffsetsToTxnRequest_v3_decode(buf, pos):
    # AddOffsetsToTxnRequest v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at AddOffsetsToTxnRequest.transactional_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('AddOffsetsToTxnRequest.transactional_id')
    obj['transactional_id'] = buf[pos:e1].decode()
    pos = e1
    obj['producer_id'], obj['producer_epoch'] = _unpack_from_qh(buf, pos)
    pos += 10
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at AddOffsetsToTxnRequest.group_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('AddOffsetsToTxnRequest.group_id')
    obj['group_id'] = buf[pos:e1].decode()
    pos = e1
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'AddOffsetsToTxnRequest')
    else:
        pos += 1
    return obj, pos


def _AddOffsetsToTxnRequest_v3_encode(obj, w):
    # AddOffsetsToTxnRequest v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_transactional_id = g0('transactional_id')
    if v0_transactional_id is None:
        v0_transactional_id = ''
    v0_transactional_id_bytes = v0_transactional_id.encode()
    n0 = len(v0_transactional_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_transactional_id_bytes)
    v0_producer_id = g0('producer_id')
    if v0_producer_id is None:
        v0_producer_id = 0
    v0_producer_epoch = g0('producer_epoch')
    if v0_producer_epoch is None:
        v0_producer_epoch = 0
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_qh(v0_producer_id, v0_producer_epoch))
    n0 = len(v0_group_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_group_id_bytes)
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _AddOffsetsToTxnResponse_v3_decode(buf, pos):
    # AddOffsetsToTxnResponse v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], obj['error_code'] = _unpack_from_ih(buf, pos)
    pos += 6
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'AddOffsetsToTxnResponse')
    else:
        pos += 1
    return obj, pos


def _AddOffsetsToTxnResponse_v3_encode(obj, w):
    # AddOffsetsToTxnResponse v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    w(_pack_ih(v0_throttle_time_ms, v0_error_code))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _EndTxnRequest_v0_decode(buf, pos):
    # EndTxnRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at EndTxnRequest.transactional_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('EndTxnRequest.transactional_id')
    obj['transactional_id'] = buf[pos:e0].decode()
    pos = e0
    obj['producer_id'], obj['producer_epoch'], obj['committed'] = _unpack_from_qho(buf, pos)
    pos += 11
    return obj, pos


def _EndTxnRequest_v0_encode(obj, w):
    # EndTxnRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_transactional_id = g0('transactional_id')
    if v0_transactional_id is None:
        v0_transactional_id = ''
    v0_transactional_id_bytes = v0_transactional_id.encode()
    w(_pack_h(len(v0_transactional_id_bytes)))
    w(v0_transactional_id_bytes)
    v0_producer_id = g0('producer_id')
    if v0_producer_id is None:
        v0_producer_id = 0
    v0_producer_epoch = g0('producer_epoch')
    if v0_producer_epoch is None:
        v0_producer_epoch = 0
    v0_committed = g0('committed')
    if v0_committed is None:
        v0_committed = False
    w(_pack_qho(v0_producer_id, v0_producer_epoch, v0_committed))


def _EndTxnRequest_v3_decode(buf, pos):
    # EndTxnRequest v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at EndTxnRequest.transactional_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('EndTxnRequest.transactional_id')
    obj['transactional_id'] = buf[pos:e1].decode()
    pos = e1
    obj['producer_id'], obj['producer_epoch'], obj['committed'] = _unpack_from_qho(buf, pos)
    pos += 11
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'EndTxnRequest')
    else:
        pos += 1
    return obj, pos


def _EndTxnRequest_v3_encode(obj, w):
    # EndTxnRequest v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_transactional_id = g0('transactional_id')
    if v0_transactional_id is None:
        v0_transactional_id = ''
    v0_transactional_id_bytes = v0_transactional_id.encode()
    n0 = len(v0_transactional_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_transactional_id_bytes)
    v0_producer_id = g0('producer_id')
    if v0_producer_id is None:
        v0_producer_id = 0
    v0_producer_epoch = g0('producer_epoch')
    if v0_producer_epoch is None:
        v0_producer_epoch = 0
    v0_committed = g0('committed')
    if v0_committed is None:
        v0_committed = False
    w(_pack_qho(v0_producer_id, v0_producer_epoch, v0_committed))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _EndTxnResponse_v3_decode(buf, pos):
    # EndTxnResponse v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], obj['error_code'] = _unpack_from_ih(buf, pos)
    pos += 6
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'EndTxnResponse')
    else:
        pos += 1
    return obj, pos


def _EndTxnResponse_v3_encode(obj, w):
    # EndTxnResponse v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    w(_pack_ih(v0_throttle_time_ms, v0_error_code))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _WriteTxnMarkersRequest_v0_decode(buf, pos):
    # WriteTxnMarkersRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at WriteTxnMarkersRequest.markers")
    if n0 > 1000000 or n0 * 19 > end - pos:
        raise _too_many(n0, end - pos, 'WriteTxnMarkersRequest.markers')
    obj['markers'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['producer_id'], x0['producer_epoch'], x0['transaction_result'], n1 = _unpack_from_qhoi(buf, pos)
        pos += 15
        if n1 < 0:
            raise _Err("null in non-nullable array at WriteTxnMarkersRequest.markers[].topics")
        if n1 > 1000000 or n1 * 6 > end - pos:
            raise _too_many(n1, end - pos, 'WriteTxnMarkersRequest.markers[].topics')
        x0['topics'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                raise _Err("null in non-nullable string at WriteTxnMarkersRequest.markers[].topics[].name")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('WriteTxnMarkersRequest.markers[].topics[].name')
            x1['name'] = buf[pos:e2].decode()
            pos = e2
            n2, = _unpack_from_i(buf, pos)
            pos += 4
            if n2 < 0:
                raise _Err("null in non-nullable array at WriteTxnMarkersRequest.markers[].topics[].partition_indexes")
            if n2 > 1000000 or n2 * 4 > end - pos:
                raise _too_many(n2, end - pos, 'WriteTxnMarkersRequest.markers[].topics[].partition_indexes')
            x1['partition_indexes'] = list(_unpack_from_i_arrays[n2](buf, pos) if n2 < 32 else _struct_unpack_from('>%di' % n2, buf, pos))
            pos += 4 * n2
            a1.append(x1)
        x0['coordinator_epoch'], = _unpack_from_i(buf, pos)
        pos += 4
        a0.append(x0)
    return obj, pos


def _WriteTxnMarkersRequest_v0_encode(obj, w):
    # WriteTxnMarkersRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_markers = g0('markers')
    if v0_markers is None:
        v0_markers = []
    w(_pack_i(len(v0_markers)))
    for x0 in v0_markers:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_producer_id = g2('producer_id')
        if v2_producer_id is None:
            v2_producer_id = 0
        v2_producer_epoch = g2('producer_epoch')
        if v2_producer_epoch is None:
            v2_producer_epoch = 0
        v2_transaction_result = g2('transaction_result')
        if v2_transaction_result is None:
            v2_transaction_result = False
        v2_topics = g2('topics')
        if v2_topics is None:
            v2_topics = []
        w(_pack_qhoi(v2_producer_id, v2_producer_epoch, v2_transaction_result, len(v2_topics)))
        for x2 in v2_topics:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_name = g4('name')
            if v4_name is None:
                v4_name = ''
            v4_name_bytes = v4_name.encode()
            w(_pack_h(len(v4_name_bytes)))
            w(v4_name_bytes)
            v4_partition_indexes = g4('partition_indexes')
            if v4_partition_indexes is None:
                v4_partition_indexes = []
            w(_pack_i(len(v4_partition_indexes)))
            w(_pack_i_arrays[len(v4_partition_indexes)](*v4_partition_indexes) if len(v4_partition_indexes) < 32 else _struct_pack('>%di' % len(v4_partition_indexes), *v4_partition_indexes))
        v2_coordinator_epoch = g2('coordinator_epoch')
        if v2_coordinator_epoch is None:
            v2_coordinator_epoch = 0
        w(_pack_i(v2_coordinator_epoch))


def _WriteTxnMarkersRequest_v1_decode(buf, pos):
    # WriteTxnMarkersRequest v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at WriteTxnMarkersRequest.markers")
    n1 -= 1
    if n1 > 1000000 or n1 * 17 > end - pos:
        raise _too_many(n1, end - pos, 'WriteTxnMarkersRequest.markers')
    obj['markers'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['producer_id'], x1['producer_epoch'], x1['transaction_result'] = _unpack_from_qho(buf, pos)
        pos += 11
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at WriteTxnMarkersRequest.markers[].topics")
        n3 -= 1
        if n3 > 1000000 or n3 * 3 > end - pos:
            raise _too_many(n3, end - pos, 'WriteTxnMarkersRequest.markers[].topics')
        x1['topics'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at WriteTxnMarkersRequest.markers[].topics[].name")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('WriteTxnMarkersRequest.markers[].topics[].name')
            x3['name'] = buf[pos:e5].decode()
            pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at WriteTxnMarkersRequest.markers[].topics[].partition_indexes")
            n5 -= 1
            if n5 > 1000000 or n5 * 4 > end - pos:
                raise _too_many(n5, end - pos, 'WriteTxnMarkersRequest.markers[].topics[].partition_indexes')
            x3['partition_indexes'] = list(_unpack_from_i_arrays[n5](buf, pos) if n5 < 32 else _struct_unpack_from('>%di' % n5, buf, pos))
            pos += 4 * n5
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'WriteTxnMarkersRequest.markers[].topics[]')
            else:
                pos += 1
            a3.append(x3)
        x1['coordinator_epoch'], = _unpack_from_i(buf, pos)
        pos += 4
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'WriteTxnMarkersRequest.markers[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'WriteTxnMarkersRequest')
    else:
        pos += 1
    return obj, pos


def _WriteTxnMarkersRequest_v1_encode(obj, w):
    # WriteTxnMarkersRequest v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_markers = g0('markers')
    if v0_markers is None:
        v0_markers = []
    n0 = len(v0_markers) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_markers:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_producer_id = g2('producer_id')
        if v2_producer_id is None:
            v2_producer_id = 0
        v2_producer_epoch = g2('producer_epoch')
        if v2_producer_epoch is None:
            v2_producer_epoch = 0
        v2_transaction_result = g2('transaction_result')
        if v2_transaction_result is None:
            v2_transaction_result = False
        v2_topics = g2('topics')
        if v2_topics is None:
            v2_topics = []
        w(_pack_qho(v2_producer_id, v2_producer_epoch, v2_transaction_result))
        n2 = len(v2_topics) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_topics:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_name = g4('name')
            if v4_name is None:
                v4_name = ''
            v4_name_bytes = v4_name.encode()
            n4 = len(v4_name_bytes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_name_bytes)
            v4_partition_indexes = g4('partition_indexes')
            if v4_partition_indexes is None:
                v4_partition_indexes = []
            n4 = len(v4_partition_indexes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(_pack_i_arrays[len(v4_partition_indexes)](*v4_partition_indexes) if len(v4_partition_indexes) < 32 else _struct_pack('>%di' % len(v4_partition_indexes), *v4_partition_indexes))
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        v2_coordinator_epoch = g2('coordinator_epoch')
        if v2_coordinator_epoch is None:
            v2_coordinator_epoch = 0
        w(_pack_i(v2_coordinator_epoch))
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _WriteTxnMarkersResponse_v0_decode(buf, pos):
    # WriteTxnMarkersResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at WriteTxnMarkersResponse.markers")
    if n0 > 1000000 or n0 * 12 > end - pos:
        raise _too_many(n0, end - pos, 'WriteTxnMarkersResponse.markers')
    obj['markers'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['producer_id'], n1 = _unpack_from_qi(buf, pos)
        pos += 12
        if n1 < 0:
            raise _Err("null in non-nullable array at WriteTxnMarkersResponse.markers[].topics")
        if n1 > 1000000 or n1 * 6 > end - pos:
            raise _too_many(n1, end - pos, 'WriteTxnMarkersResponse.markers[].topics')
        x0['topics'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                raise _Err("null in non-nullable string at WriteTxnMarkersResponse.markers[].topics[].name")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('WriteTxnMarkersResponse.markers[].topics[].name')
            x1['name'] = buf[pos:e2].decode()
            pos = e2
            n2, = _unpack_from_i(buf, pos)
            pos += 4
            if n2 < 0:
                raise _Err("null in non-nullable array at WriteTxnMarkersResponse.markers[].topics[].partitions")
            if n2 > 1000000 or n2 * 6 > end - pos:
                raise _too_many(n2, end - pos, 'WriteTxnMarkersResponse.markers[].topics[].partitions')
            x1['partitions'] = a2 = []
            for _ in range(n2):
                x2 = Container()
                x2['partition_index'], x2['error_code'] = _unpack_from_ih(buf, pos)
                pos += 6
                a2.append(x2)
            a1.append(x1)
        a0.append(x0)
    return obj, pos


def _WriteTxnMarkersResponse_v0_encode(obj, w):
    # WriteTxnMarkersResponse v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_markers = g0('markers')
    if v0_markers is None:
        v0_markers = []
    w(_pack_i(len(v0_markers)))
    for x0 in v0_markers:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_producer_id = g2('producer_id')
        if v2_producer_id is None:
            v2_producer_id = 0
        v2_topics = g2('topics')
        if v2_topics is None:
            v2_topics = []
        w(_pack_qi(v2_producer_id, len(v2_topics)))
        for x2 in v2_topics:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_name = g4('name')
            if v4_name is None:
                v4_name = ''
            v4_name_bytes = v4_name.encode()
            w(_pack_h(len(v4_name_bytes)))
            w(v4_name_bytes)
            v4_partitions = g4('partitions')
            if v4_partitions is None:
                v4_partitions = []
            w(_pack_i(len(v4_partitions)))
            for x4 in v4_partitions:
                g6 = x4.get if isinstance(x4, dict) else _getter(x4)
                v6_partition_index = g6('partition_index')
                if v6_partition_index is None:
                    v6_partition_index = 0
                v6_error_code = g6('error_code')
                if v6_error_code is None:
                    v6_error_code = 0
                w(_pack_ih(v6_partition_index, v6_error_code))


def _WriteTxnMarkersResponse_v1_decode(buf, pos):
    # WriteTxnMarkersResponse v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at WriteTxnMarkersResponse.markers")
    n1 -= 1
    if n1 > 1000000 or n1 * 10 > end - pos:
        raise _too_many(n1, end - pos, 'WriteTxnMarkersResponse.markers')
    obj['markers'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['producer_id'], = _unpack_from_q(buf, pos)
        pos += 8
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at WriteTxnMarkersResponse.markers[].topics")
        n3 -= 1
        if n3 > 1000000 or n3 * 3 > end - pos:
            raise _too_many(n3, end - pos, 'WriteTxnMarkersResponse.markers[].topics')
        x1['topics'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at WriteTxnMarkersResponse.markers[].topics[].name")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('WriteTxnMarkersResponse.markers[].topics[].name')
            x3['name'] = buf[pos:e5].decode()
            pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at WriteTxnMarkersResponse.markers[].topics[].partitions")
            n5 -= 1
            if n5 > 1000000 or n5 * 7 > end - pos:
                raise _too_many(n5, end - pos, 'WriteTxnMarkersResponse.markers[].topics[].partitions')
            x3['partitions'] = a5 = []
            for _ in range(n5):
                x5 = Container()
                x5['partition_index'], x5['error_code'] = _unpack_from_ih(buf, pos)
                pos += 6
                if buf[pos]:  # tagged fields
                    pos = _read_tags(buf, pos, x5, _NO_TAGS, 'WriteTxnMarkersResponse.markers[].topics[].partitions[]')
                else:
                    pos += 1
                a5.append(x5)
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'WriteTxnMarkersResponse.markers[].topics[]')
            else:
                pos += 1
            a3.append(x3)
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'WriteTxnMarkersResponse.markers[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'WriteTxnMarkersResponse')
    else:
        pos += 1
    return obj, pos


def _WriteTxnMarkersResponse_v1_encode(obj, w):
    # WriteTxnMarkersResponse v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_markers = g0('markers')
    if v0_markers is None:
        v0_markers = []
    n0 = len(v0_markers) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_markers:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_producer_id = g2('producer_id')
        if v2_producer_id is None:
            v2_producer_id = 0
        v2_topics = g2('topics')
        if v2_topics is None:
            v2_topics = []
        w(_pack_q(v2_producer_id))
        n2 = len(v2_topics) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_topics:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_name = g4('name')
            if v4_name is None:
                v4_name = ''
            v4_name_bytes = v4_name.encode()
            n4 = len(v4_name_bytes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_name_bytes)
            v4_partitions = g4('partitions')
            if v4_partitions is None:
                v4_partitions = []
            n4 = len(v4_partitions) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            for x4 in v4_partitions:
                g6 = x4.get if isinstance(x4, dict) else _getter(x4)
                v6_partition_index = g6('partition_index')
                if v6_partition_index is None:
                    v6_partition_index = 0
                v6_error_code = g6('error_code')
                if v6_error_code is None:
                    v6_error_code = 0
                w(_pack_ih(v6_partition_index, v6_error_code))
                u6 = g6('_unknown_tags', None)
                if u6:
                    _write_tags(w, sorted(u6.items()))
                else:
                    w(b'\x00')  # no tagged fields
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _TxnOffsetCommitRequest_v0_decode(buf, pos):
    # TxnOffsetCommitRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at TxnOffsetCommitRequest.transactional_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('TxnOffsetCommitRequest.transactional_id')
    obj['transactional_id'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at TxnOffsetCommitRequest.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('TxnOffsetCommitRequest.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    obj['producer_id'], obj['producer_epoch'], n0 = _unpack_from_qhi(buf, pos)
    pos += 14
    if n0 < 0:
        raise _Err("null in non-nullable array at TxnOffsetCommitRequest.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'TxnOffsetCommitRequest.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at TxnOffsetCommitRequest.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('TxnOffsetCommitRequest.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at TxnOffsetCommitRequest.topics[].partitions")
        if n1 > 1000000 or n1 * 14 > end - pos:
            raise _too_many(n1, end - pos, 'TxnOffsetCommitRequest.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['committed_offset'], n2 = _unpack_from_iqh(buf, pos)
            pos += 14
            if n2 < 0:
                x1['committed_metadata'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('TxnOffsetCommitRequest.topics[].partitions[].committed_metadata')
                x1['committed_metadata'] = buf[pos:e2].decode()
                pos = e2
            x1['committed_leader_epoch'] = -1
            a1.append(x1)
        a0.append(x0)
    obj['generation_id'] = -1
    obj['member_id'] = ''
    obj['group_instance_id'] = None
    return obj, pos


def _TxnOffsetCommitRequest_v0_encode(obj, w):
    # TxnOffsetCommitRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_transactional_id = g0('transactional_id')
    if v0_transactional_id is None:
        v0_transactional_id = ''
    v0_transactional_id_bytes = v0_transactional_id.encode()
    w(_pack_h(len(v0_transactional_id_bytes)))
    w(v0_transactional_id_bytes)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)
    v0_producer_id = g0('producer_id')
    if v0_producer_id is None:
        v0_producer_id = 0
    v0_producer_epoch = g0('producer_epoch')
    if v0_producer_epoch is None:
        v0_producer_epoch = 0
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_qhi(v0_producer_id, v0_producer_epoch, len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_committed_offset = g4('committed_offset')
            if v4_committed_offset is None:
                v4_committed_offset = 0
            v4_committed_metadata = g4('committed_metadata', '')
            v4_committed_metadata_bytes = None if v4_committed_metadata is None else v4_committed_metadata.encode()
            w(_pack_iqh(v4_partition_index, v4_committed_offset, -1 if v4_committed_metadata_bytes is None else len(v4_committed_metadata_bytes)))
            if v4_committed_metadata_bytes is not None:
                w(v4_committed_metadata_bytes)


def _TxnOffsetCommitRequest_v2_decode(buf, pos):
    # TxnOffsetCommitRequest v2: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at TxnOffsetCommitRequest.transactional_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('TxnOffsetCommitRequest.transactional_id')
    obj['transactional_id'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at TxnOffsetCommitRequest.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('TxnOffsetCommitRequest.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    obj['producer_id'], obj['producer_epoch'], n0 = _unpack_from_qhi(buf, pos)
    pos += 14
    if n0 < 0:
        raise _Err("null in non-nullable array at TxnOffsetCommitRequest.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'TxnOffsetCommitRequest.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at TxnOffsetCommitRequest.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('TxnOffsetCommitRequest.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at TxnOffsetCommitRequest.topics[].partitions")
        if n1 > 1000000 or n1 * 18 > end - pos:
            raise _too_many(n1, end - pos, 'TxnOffsetCommitRequest.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['committed_offset'], x1['committed_leader_epoch'], n2 = _unpack_from_iqih(buf, pos)
            pos += 18
            if n2 < 0:
                x1['committed_metadata'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('TxnOffsetCommitRequest.topics[].partitions[].committed_metadata')
                x1['committed_metadata'] = buf[pos:e2].decode()
                pos = e2
            a1.append(x1)
        a0.append(x0)
    obj['generation_id'] = -1
    obj['member_id'] = ''
    obj['group_instance_id'] = None
    return obj, pos


def _TxnOffsetCommitRequest_v2_encode(obj, w):
    # TxnOffsetCommitRequest v2: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_transactional_id = g0('transactional_id')
    if v0_transactional_id is None:
        v0_transactional_id = ''
    v0_transactional_id_bytes = v0_transactional_id.encode()
    w(_pack_h(len(v0_transactional_id_bytes)))
    w(v0_transactional_id_bytes)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)
    v0_producer_id = g0('producer_id')
    if v0_producer_id is None:
        v0_producer_id = 0
    v0_producer_epoch = g0('producer_epoch')
    if v0_producer_epoch is None:
        v0_producer_epoch = 0
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_qhi(v0_producer_id, v0_producer_epoch, len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_committed_offset = g4('committed_offset')
            if v4_committed_offset is None:
                v4_committed_offset = 0
            v4_committed_leader_epoch = g4('committed_leader_epoch')
            if v4_committed_leader_epoch is None:
                v4_committed_leader_epoch = -1
            v4_committed_metadata = g4('committed_metadata', '')
            v4_committed_metadata_bytes = None if v4_committed_metadata is None else v4_committed_metadata.encode()
            w(_pack_iqih(v4_partition_index, v4_committed_offset, v4_committed_leader_epoch, -1 if v4_committed_metadata_bytes is None else len(v4_committed_metadata_bytes)))
            if v4_committed_metadata_bytes is not None:
                w(v4_committed_metadata_bytes)


def _TxnOffsetCommitRequest_v3_decode(buf, pos):
    # TxnOffsetCommitRequest v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at TxnOffsetCommitRequest.transactional_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('TxnOffsetCommitRequest.transactional_id')
    obj['transactional_id'] = buf[pos:e1].decode()
    pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at TxnOffsetCommitRequest.group_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('TxnOffsetCommitRequest.group_id')
    obj['group_id'] = buf[pos:e1].decode()
    pos = e1
    obj['producer_id'], obj['producer_epoch'], obj['generation_id'] = _unpack_from_qhi(buf, pos)
    pos += 14
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at TxnOffsetCommitRequest.member_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('TxnOffsetCommitRequest.member_id')
    obj['member_id'] = buf[pos:e1].decode()
    pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['group_instance_id'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('TxnOffsetCommitRequest.group_instance_id')
        obj['group_instance_id'] = buf[pos:e1].decode()
        pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at TxnOffsetCommitRequest.topics")
    n1 -= 1
    if n1 > 1000000 or n1 * 3 > end - pos:
        raise _too_many(n1, end - pos, 'TxnOffsetCommitRequest.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at TxnOffsetCommitRequest.topics[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('TxnOffsetCommitRequest.topics[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at TxnOffsetCommitRequest.topics[].partitions")
        n3 -= 1
        if n3 > 1000000 or n3 * 18 > end - pos:
            raise _too_many(n3, end - pos, 'TxnOffsetCommitRequest.topics[].partitions')
        x1['partitions'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['partition_index'], x3['committed_offset'], x3['committed_leader_epoch'] = _unpack_from_iqi(buf, pos)
            pos += 16
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                x3['committed_metadata'] = None
            else:
                n5 -= 1
                e5 = pos + n5
                if e5 > end:
                    raise _truncated('TxnOffsetCommitRequest.topics[].partitions[].committed_metadata')
                x3['committed_metadata'] = buf[pos:e5].decode()
                pos = e5
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'TxnOffsetCommitRequest.topics[].partitions[]')
            else:
                pos += 1
            a3.append(x3)
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'TxnOffsetCommitRequest.topics[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'TxnOffsetCommitRequest')
    else:
        pos += 1
    return obj, pos


def _TxnOffsetCommitRequest_v3_encode(obj, w):
    # TxnOffsetCommitRequest v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_transactional_id = g0('transactional_id')
    if v0_transactional_id is None:
        v0_transactional_id = ''
    v0_transactional_id_bytes = v0_transactional_id.encode()
    n0 = len(v0_transactional_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_transactional_id_bytes)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    n0 = len(v0_group_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_group_id_bytes)
    v0_producer_id = g0('producer_id')
    if v0_producer_id is None:
        v0_producer_id = 0
    v0_producer_epoch = g0('producer_epoch')
    if v0_producer_epoch is None:
        v0_producer_epoch = 0
    v0_generation_id = g0('generation_id')
    if v0_generation_id is None:
        v0_generation_id = -1
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    w(_pack_qhi(v0_producer_id, v0_producer_epoch, v0_generation_id))
    n0 = len(v0_member_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_member_id_bytes)
    v0_group_instance_id = g0('group_instance_id', None)
    v0_group_instance_id_bytes = None if v0_group_instance_id is None else v0_group_instance_id.encode()
    if v0_group_instance_id_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_group_instance_id_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_group_instance_id_bytes)
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    n0 = len(v0_topics) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        n2 = len(v2_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_committed_offset = g4('committed_offset')
            if v4_committed_offset is None:
                v4_committed_offset = 0
            v4_committed_leader_epoch = g4('committed_leader_epoch')
            if v4_committed_leader_epoch is None:
                v4_committed_leader_epoch = -1
            v4_committed_metadata = g4('committed_metadata', '')
            v4_committed_metadata_bytes = None if v4_committed_metadata is None else v4_committed_metadata.encode()
            w(_pack_iqi(v4_partition_index, v4_committed_offset, v4_committed_leader_epoch))
            if v4_committed_metadata_bytes is None:
                w(b'\x00')
            else:
                n4 = len(v4_committed_metadata_bytes) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_committed_metadata_bytes)
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _TxnOffsetCommitResponse_v0_decode(buf, pos):
    # TxnOffsetCommitResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at TxnOffsetCommitResponse.topics")
    if n0 > 1000000 or n0 * 6 > end - pos:
        raise _too_many(n0, end - pos, 'TxnOffsetCommitResponse.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at TxnOffsetCommitResponse.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('TxnOffsetCommitResponse.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at TxnOffsetCommitResponse.topics[].partitions")
        if n1 > 1000000 or n1 * 6 > end - pos:
            raise _too_many(n1, end - pos, 'TxnOffsetCommitResponse.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['error_code'] = _unpack_from_ih(buf, pos)
            pos += 6
            a1.append(x1)
        a0.append(x0)
    return obj, pos


def _TxnOffsetCommitResponse_v0_encode(obj, w):
    # TxnOffsetCommitResponse v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_ii(v0_throttle_time_ms, len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            w(_pack_ih(v4_partition_index, v4_error_code))


def _TxnOffsetCommitResponse_v3_decode(buf, pos):
    # TxnOffsetCommitResponse v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], = _unpack_from_i(buf, pos)
    pos += 4
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at TxnOffsetCommitResponse.topics")
    n1 -= 1
    if n1 > 1000000 or n1 * 3 > end - pos:
        raise _too_many(n1, end - pos, 'TxnOffsetCommitResponse.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at TxnOffsetCommitResponse.topics[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('TxnOffsetCommitResponse.topics[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at TxnOffsetCommitResponse.topics[].partitions")
        n3 -= 1
        if n3 > 1000000 or n3 * 7 > end - pos:
            raise _too_many(n3, end - pos, 'TxnOffsetCommitResponse.topics[].partitions')
        x1['partitions'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['partition_index'], x3['error_code'] = _unpack_from_ih(buf, pos)
            pos += 6
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'TxnOffsetCommitResponse.topics[].partitions[]')
            else:
                pos += 1
            a3.append(x3)
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'TxnOffsetCommitResponse.topics[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'TxnOffsetCommitResponse')
    else:
        pos += 1
    return obj, pos


def _TxnOffsetCommitResponse_v3_encode(obj, w):
    # TxnOffsetCommitResponse v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_i(v0_throttle_time_ms))
    n0 = len(v0_topics) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        n2 = len(v2_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            w(_pack_ih(v4_partition_index, v4_error_code))
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _OffsetCommitKey_v0_decode(buf, pos):
    # OffsetCommitKey v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at OffsetCommitKey.group")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('OffsetCommitKey.group')
    obj['group'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at OffsetCommitKey.topic")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('OffsetCommitKey.topic')
    obj['topic'] = buf[pos:e0].decode()
    pos = e0
    obj['partition'], = _unpack_from_i(buf, pos)
    pos += 4
    return obj, pos


def _OffsetCommitKey_v0_encode(obj, w):
    # OffsetCommitKey v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group = g0('group')
    if v0_group is None:
        v0_group = ''
    v0_group_bytes = v0_group.encode()
    w(_pack_h(len(v0_group_bytes)))
    w(v0_group_bytes)
    v0_topic = g0('topic')
    if v0_topic is None:
        v0_topic = ''
    v0_topic_bytes = v0_topic.encode()
    w(_pack_h(len(v0_topic_bytes)))
    w(v0_topic_bytes)
    v0_partition = g0('partition')
    if v0_partition is None:
        v0_partition = 0
    w(_pack_i(v0_partition))


def _OffsetCommitValue_v0_decode(buf, pos):
    # OffsetCommitValue v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['offset'], n0 = _unpack_from_qh(buf, pos)
    pos += 10
    if n0 < 0:
        raise _Err("null in non-nullable string at OffsetCommitValue.metadata")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('OffsetCommitValue.metadata')
    obj['metadata'] = buf[pos:e0].decode()
    pos = e0
    obj['commit_timestamp'], = _unpack_from_q(buf, pos)
    pos += 8
    obj['leader_epoch'] = -1
    obj['expire_timestamp'] = -1
    return obj, pos


def _OffsetCommitValue_v0_encode(obj, w):
    # OffsetCommitValue v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_offset = g0('offset')
    if v0_offset is None:
        v0_offset = 0
    v0_metadata = g0('metadata')
    if v0_metadata is None:
        v0_metadata = ''
    v0_metadata_bytes = v0_metadata.encode()
    w(_pack_qh(v0_offset, len(v0_metadata_bytes)))
    w(v0_metadata_bytes)
    v0_commit_timestamp = g0('commit_timestamp')
    if v0_commit_timestamp is None:
        v0_commit_timestamp = 0
    w(_pack_q(v0_commit_timestamp))


def _OffsetCommitValue_v1_decode(buf, pos):
    # OffsetCommitValue v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['offset'], n0 = _unpack_from_qh(buf, pos)
    pos += 10
    if n0 < 0:
        raise _Err("null in non-nullable string at OffsetCommitValue.metadata")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('OffsetCommitValue.metadata')
    obj['metadata'] = buf[pos:e0].decode()
    pos = e0
    obj['commit_timestamp'], obj['expire_timestamp'] = _unpack_from_qq(buf, pos)
    pos += 16
    obj['leader_epoch'] = -1
    return obj, pos


def _OffsetCommitValue_v1_encode(obj, w):
    # OffsetCommitValue v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_offset = g0('offset')
    if v0_offset is None:
        v0_offset = 0
    v0_metadata = g0('metadata')
    if v0_metadata is None:
        v0_metadata = ''
    v0_metadata_bytes = v0_metadata.encode()
    w(_pack_qh(v0_offset, len(v0_metadata_bytes)))
    w(v0_metadata_bytes)
    v0_commit_timestamp = g0('commit_timestamp')
    if v0_commit_timestamp is None:
        v0_commit_timestamp = 0
    v0_expire_timestamp = g0('expire_timestamp')
    if v0_expire_timestamp is None:
        v0_expire_timestamp = -1
    w(_pack_qq(v0_commit_timestamp, v0_expire_timestamp))


def _OffsetCommitValue_v3_decode(buf, pos):
    # OffsetCommitValue v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['offset'], obj['leader_epoch'], n0 = _unpack_from_qih(buf, pos)
    pos += 14
    if n0 < 0:
        raise _Err("null in non-nullable string at OffsetCommitValue.metadata")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('OffsetCommitValue.metadata')
    obj['metadata'] = buf[pos:e0].decode()
    pos = e0
    obj['commit_timestamp'], = _unpack_from_q(buf, pos)
    pos += 8
    obj['expire_timestamp'] = -1
    return obj, pos


def _OffsetCommitValue_v3_encode(obj, w):
    # OffsetCommitValue v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_offset = g0('offset')
    if v0_offset is None:
        v0_offset = 0
    v0_leader_epoch = g0('leader_epoch')
    if v0_leader_epoch is None:
        v0_leader_epoch = -1
    v0_metadata = g0('metadata')
    if v0_metadata is None:
        v0_metadata = ''
    v0_metadata_bytes = v0_metadata.encode()
    w(_pack_qih(v0_offset, v0_leader_epoch, len(v0_metadata_bytes)))
    w(v0_metadata_bytes)
    v0_commit_timestamp = g0('commit_timestamp')
    if v0_commit_timestamp is None:
        v0_commit_timestamp = 0
    w(_pack_q(v0_commit_timestamp))


def _OffsetCommitValue_v4_decode(buf, pos):
    # OffsetCommitValue v4: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['offset'], obj['leader_epoch'] = _unpack_from_qi(buf, pos)
    pos += 12
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at OffsetCommitValue.metadata")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('OffsetCommitValue.metadata')
    obj['metadata'] = buf[pos:e1].decode()
    pos = e1
    obj['commit_timestamp'], = _unpack_from_q(buf, pos)
    pos += 8
    obj['expire_timestamp'] = -1
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'OffsetCommitValue')
    else:
        pos += 1
    return obj, pos


def _OffsetCommitValue_v4_encode(obj, w):
    # OffsetCommitValue v4: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_offset = g0('offset')
    if v0_offset is None:
        v0_offset = 0
    v0_leader_epoch = g0('leader_epoch')
    if v0_leader_epoch is None:
        v0_leader_epoch = -1
    v0_metadata = g0('metadata')
    if v0_metadata is None:
        v0_metadata = ''
    v0_metadata_bytes = v0_metadata.encode()
    w(_pack_qi(v0_offset, v0_leader_epoch))
    n0 = len(v0_metadata_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_metadata_bytes)
    v0_commit_timestamp = g0('commit_timestamp')
    if v0_commit_timestamp is None:
        v0_commit_timestamp = 0
    w(_pack_q(v0_commit_timestamp))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _GroupMetadataKey_v2_decode(buf, pos):
    # GroupMetadataKey v2: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at GroupMetadataKey.group")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('GroupMetadataKey.group')
    obj['group'] = buf[pos:e0].decode()
    pos = e0
    return obj, pos


def _GroupMetadataKey_v2_encode(obj, w):
    # GroupMetadataKey v2: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group = g0('group')
    if v0_group is None:
        v0_group = ''
    v0_group_bytes = v0_group.encode()
    w(_pack_h(len(v0_group_bytes)))
    w(v0_group_bytes)


def _GroupMetadataValue_v0_decode(buf, pos):
    # GroupMetadataValue v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at GroupMetadataValue.protocol_type")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('GroupMetadataValue.protocol_type')
    obj['protocol_type'] = buf[pos:e0].decode()
    pos = e0
    obj['generation'], n0 = _unpack_from_ih(buf, pos)
    pos += 6
    if n0 < 0:
        obj['protocol'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('GroupMetadataValue.protocol')
        obj['protocol'] = buf[pos:e0].decode()
        pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        obj['leader'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('GroupMetadataValue.leader')
        obj['leader'] = buf[pos:e0].decode()
        pos = e0
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at GroupMetadataValue.members")
    if n0 > 1000000 or n0 * 18 > end - pos:
        raise _too_many(n0, end - pos, 'GroupMetadataValue.members')
    obj['members'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at GroupMetadataValue.members[].member_id")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('GroupMetadataValue.members[].member_id')
        x0['member_id'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at GroupMetadataValue.members[].client_id")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('GroupMetadataValue.members[].client_id')
        x0['client_id'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at GroupMetadataValue.members[].client_host")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('GroupMetadataValue.members[].client_host')
        x0['client_host'] = buf[pos:e1].decode()
        pos = e1
        x0['session_timeout'], n1 = _unpack_from_ii(buf, pos)
        pos += 8
        if n1 < 0:
            raise _Err("null in non-nullable bytes at GroupMetadataValue.members[].subscription")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('GroupMetadataValue.members[].subscription')
        x0['subscription'] = buf[pos:e1]
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable bytes at GroupMetadataValue.members[].assignment")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('GroupMetadataValue.members[].assignment')
        x0['assignment'] = buf[pos:e1]
        pos = e1
        x0['group_instance_id'] = None
        x0['rebalance_timeout'] = -1
        a0.append(x0)
    obj['current_state_timestamp'] = -1
    return obj, pos


def _GroupMetadataValue_v0_encode(obj, w):
    # GroupMetadataValue v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_protocol_type = g0('protocol_type')
    if v0_protocol_type is None:
        v0_protocol_type = ''
    v0_protocol_type_bytes = v0_protocol_type.encode()
    w(_pack_h(len(v0_protocol_type_bytes)))
    w(v0_protocol_type_bytes)
    v0_generation = g0('generation')
    if v0_generation is None:
        v0_generation = 0
    v0_protocol = g0('protocol', '')
    v0_protocol_bytes = None if v0_protocol is None else v0_protocol.encode()
    w(_pack_ih(v0_generation, -1 if v0_protocol_bytes is None else len(v0_protocol_bytes)))
    if v0_protocol_bytes is not None:
        w(v0_protocol_bytes)
    v0_leader = g0('leader', '')
    v0_leader_bytes = None if v0_leader is None else v0_leader.encode()
    w(_pack_h(-1 if v0_leader_bytes is None else len(v0_leader_bytes)))
    if v0_leader_bytes is not None:
        w(v0_leader_bytes)
    v0_members = g0('members')
    if v0_members is None:
        v0_members = []
    w(_pack_i(len(v0_members)))
    for x0 in v0_members:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_member_id = g2('member_id')
        if v2_member_id is None:
            v2_member_id = ''
        v2_member_id_bytes = v2_member_id.encode()
        w(_pack_h(len(v2_member_id_bytes)))
        w(v2_member_id_bytes)
        v2_client_id = g2('client_id')
        if v2_client_id is None:
            v2_client_id = ''
        v2_client_id_bytes = v2_client_id.encode()
        w(_pack_h(len(v2_client_id_bytes)))
        w(v2_client_id_bytes)
        v2_client_host = g2('client_host')
        if v2_client_host is None:
            v2_client_host = ''
        v2_client_host_bytes = v2_client_host.encode()
        w(_pack_h(len(v2_client_host_bytes)))
        w(v2_client_host_bytes)
        v2_session_timeout = g2('session_timeout')
        if v2_session_timeout is None:
            v2_session_timeout = 0
        v2_subscription = g2('subscription')
        if v2_subscription is None:
            v2_subscription = b''
        w(_pack_ii(v2_session_timeout, len(v2_subscription)))
        w(v2_subscription)
        v2_assignment = g2('assignment')
        if v2_assignment is None:
            v2_assignment = b''
        w(_pack_i(len(v2_assignment)))
        w(v2_assignment)


def _GroupMetadataValue_v1_decode(buf, pos):
    # GroupMetadataValue v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at GroupMetadataValue.protocol_type")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('GroupMetadataValue.protocol_type')
    obj['protocol_type'] = buf[pos:e0].decode()
    pos = e0
    obj['generation'], n0 = _unpack_from_ih(buf, pos)
    pos += 6
    if n0 < 0:
        obj['protocol'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('GroupMetadataValue.protocol')
        obj['protocol'] = buf[pos:e0].decode()
        pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        obj['leader'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('GroupMetadataValue.leader')
        obj['leader'] = buf[pos:e0].decode()
        pos = e0
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at GroupMetadataValue.members")
    if n0 > 1000000 or n0 * 22 > end - pos:
        raise _too_many(n0, end - pos, 'GroupMetadataValue.members')
    obj['members'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at GroupMetadataValue.members[].member_id")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('GroupMetadataValue.members[].member_id')
        x0['member_id'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at GroupMetadataValue.members[].client_id")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('GroupMetadataValue.members[].client_id')
        x0['client_id'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at GroupMetadataValue.members[].client_host")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('GroupMetadataValue.members[].client_host')
        x0['client_host'] = buf[pos:e1].decode()
        pos = e1
        x0['rebalance_timeout'], x0['session_timeout'], n1 = _unpack_from_iii(buf, pos)
        pos += 12
        if n1 < 0:
            raise _Err("null in non-nullable bytes at GroupMetadataValue.members[].subscription")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('GroupMetadataValue.members[].subscription')
        x0['subscription'] = buf[pos:e1]
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable bytes at GroupMetadataValue.members[].assignment")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('GroupMetadataValue.members[].assignment')
        x0['assignment'] = buf[pos:e1]
        pos = e1
        x0['group_instance_id'] = None
        a0.append(x0)
    obj['current_state_timestamp'] = -1
    return obj, pos


def _GroupMetadataValue_v1_encode(obj, w):
    # GroupMetadataValue v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_protocol_type = g0('protocol_type')
    if v0_protocol_type is None:
        v0_protocol_type = ''
    v0_protocol_type_bytes = v0_protocol_type.encode()
    w(_pack_h(len(v0_protocol_type_bytes)))
    w(v0_protocol_type_bytes)
    v0_generation = g0('generation')
    if v0_generation is None:
        v0_generation = 0
    v0_protocol = g0('protocol', '')
    v0_protocol_bytes = None if v0_protocol is None else v0_protocol.encode()
    w(_pack_ih(v0_generation, -1 if v0_protocol_bytes is None else len(v0_protocol_bytes)))
    if v0_protocol_bytes is not None:
        w(v0_protocol_bytes)
    v0_leader = g0('leader', '')
    v0_leader_bytes = None if v0_leader is None else v0_leader.encode()
    w(_pack_h(-1 if v0_leader_bytes is None else len(v0_leader_bytes)))
    if v0_leader_bytes is not None:
        w(v0_leader_bytes)
    v0_members = g0('members')
    if v0_members is None:
        v0_members = []
    w(_pack_i(len(v0_members)))
    for x0 in v0_members:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_member_id = g2('member_id')
        if v2_member_id is None:
            v2_member_id = ''
        v2_member_id_bytes = v2_member_id.encode()
        w(_pack_h(len(v2_member_id_bytes)))
        w(v2_member_id_bytes)
        v2_client_id = g2('client_id')
        if v2_client_id is None:
            v2_client_id = ''
        v2_client_id_bytes = v2_client_id.encode()
        w(_pack_h(len(v2_client_id_bytes)))
        w(v2_client_id_bytes)
        v2_client_host = g2('client_host')
        if v2_client_host is None:
            v2_client_host = ''
        v2_client_host_bytes = v2_client_host.encode()
        w(_pack_h(len(v2_client_host_bytes)))
        w(v2_client_host_bytes)
        v2_rebalance_timeout = g2('rebalance_timeout')
        if v2_rebalance_timeout is None:
            v2_rebalance_timeout = -1
        v2_session_timeout = g2('session_timeout')
        if v2_session_timeout is None:
            v2_session_timeout = 0
        v2_subscription = g2('subscription')
        if v2_subscription is None:
            v2_subscription = b''
        w(_pack_iii(v2_rebalance_timeout, v2_session_timeout, len(v2_subscription)))
        w(v2_subscription)
        v2_assignment = g2('assignment')
        if v2_assignment is None:
            v2_assignment = b''
        w(_pack_i(len(v2_assignment)))
        w(v2_assignment)


def _GroupMetadataValue_v2_decode(buf, pos):
    # GroupMetadataValue v2: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at GroupMetadataValue.protocol_type")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('GroupMetadataValue.protocol_type')
    obj['protocol_type'] = buf[pos:e0].decode()
    pos = e0
    obj['generation'], n0 = _unpack_from_ih(buf, pos)
    pos += 6
    if n0 < 0:
        obj['protocol'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('GroupMetadataValue.protocol')
        obj['protocol'] = buf[pos:e0].decode()
        pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        obj['leader'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('GroupMetadataValue.leader')
        obj['leader'] = buf[pos:e0].decode()
        pos = e0
    obj['current_state_timestamp'], n0 = _unpack_from_qi(buf, pos)
    pos += 12
    if n0 < 0:
        raise _Err("null in non-nullable array at GroupMetadataValue.members")
    if n0 > 1000000 or n0 * 22 > end - pos:
        raise _too_many(n0, end - pos, 'GroupMetadataValue.members')
    obj['members'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at GroupMetadataValue.members[].member_id")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('GroupMetadataValue.members[].member_id')
        x0['member_id'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at GroupMetadataValue.members[].client_id")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('GroupMetadataValue.members[].client_id')
        x0['client_id'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at GroupMetadataValue.members[].client_host")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('GroupMetadataValue.members[].client_host')
        x0['client_host'] = buf[pos:e1].decode()
        pos = e1
        x0['rebalance_timeout'], x0['session_timeout'], n1 = _unpack_from_iii(buf, pos)
        pos += 12
        if n1 < 0:
            raise _Err("null in non-nullable bytes at GroupMetadataValue.members[].subscription")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('GroupMetadataValue.members[].subscription')
        x0['subscription'] = buf[pos:e1]
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable bytes at GroupMetadataValue.members[].assignment")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('GroupMetadataValue.members[].assignment')
        x0['assignment'] = buf[pos:e1]
        pos = e1
        x0['group_instance_id'] = None
        a0.append(x0)
    return obj, pos


def _GroupMetadataValue_v2_encode(obj, w):
    # GroupMetadataValue v2: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_protocol_type = g0('protocol_type')
    if v0_protocol_type is None:
        v0_protocol_type = ''
    v0_protocol_type_bytes = v0_protocol_type.encode()
    w(_pack_h(len(v0_protocol_type_bytes)))
    w(v0_protocol_type_bytes)
    v0_generation = g0('generation')
    if v0_generation is None:
        v0_generation = 0
    v0_protocol = g0('protocol', '')
    v0_protocol_bytes = None if v0_protocol is None else v0_protocol.encode()
    w(_pack_ih(v0_generation, -1 if v0_protocol_bytes is None else len(v0_protocol_bytes)))
    if v0_protocol_bytes is not None:
        w(v0_protocol_bytes)
    v0_leader = g0('leader', '')
    v0_leader_bytes = None if v0_leader is None else v0_leader.encode()
    w(_pack_h(-1 if v0_leader_bytes is None else len(v0_leader_bytes)))
    if v0_leader_bytes is not None:
        w(v0_leader_bytes)
    v0_current_state_timestamp = g0('current_state_timestamp')
    if v0_current_state_timestamp is None:
        v0_current_state_timestamp = -1
    v0_members = g0('members')
    if v0_members is None:
        v0_members = []
    w(_pack_qi(v0_current_state_timestamp, len(v0_members)))
    for x0 in v0_members:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_member_id = g2('member_id')
        if v2_member_id is None:
            v2_member_id = ''
        v2_member_id_bytes = v2_member_id.encode()
        w(_pack_h(len(v2_member_id_bytes)))
        w(v2_member_id_bytes)
        v2_client_id = g2('client_id')
        if v2_client_id is None:
            v2_client_id = ''
        v2_client_id_bytes = v2_client_id.encode()
        w(_pack_h(len(v2_client_id_bytes)))
        w(v2_client_id_bytes)
        v2_client_host = g2('client_host')
        if v2_client_host is None:
            v2_client_host = ''
        v2_client_host_bytes = v2_client_host.encode()
        w(_pack_h(len(v2_client_host_bytes)))
        w(v2_client_host_bytes)
        v2_rebalance_timeout = g2('rebalance_timeout')
        if v2_rebalance_timeout is None:
            v2_rebalance_timeout = -1
        v2_session_timeout = g2('session_timeout')
        if v2_session_timeout is None:
            v2_session_timeout = 0
        v2_subscription = g2('subscription')
        if v2_subscription is None:
            v2_subscription = b''
        w(_pack_iii(v2_rebalance_timeout, v2_session_timeout, len(v2_subscription)))
        w(v2_subscription)
        v2_assignment = g2('assignment')
        if v2_assignment is None:
            v2_assignment = b''
        w(_pack_i(len(v2_assignment)))
        w(v2_assignment)


def _GroupMetadataValue_v3_decode(buf, pos):
    # GroupMetadataValue v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at GroupMetadataValue.protocol_type")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('GroupMetadataValue.protocol_type')
    obj['protocol_type'] = buf[pos:e0].decode()
    pos = e0
    obj['generation'], n0 = _unpack_from_ih(buf, pos)
    pos += 6
    if n0 < 0:
        obj['protocol'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('GroupMetadataValue.protocol')
        obj['protocol'] = buf[pos:e0].decode()
        pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        obj['leader'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('GroupMetadataValue.leader')
        obj['leader'] = buf[pos:e0].decode()
        pos = e0
    obj['current_state_timestamp'], n0 = _unpack_from_qi(buf, pos)
    pos += 12
    if n0 < 0:
        raise _Err("null in non-nullable array at GroupMetadataValue.members")
    if n0 > 1000000 or n0 * 24 > end - pos:
        raise _too_many(n0, end - pos, 'GroupMetadataValue.members')
    obj['members'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at GroupMetadataValue.members[].member_id")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('GroupMetadataValue.members[].member_id')
        x0['member_id'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            x0['group_instance_id'] = None
        else:
            e1 = pos + n1
            if e1 > end:
                raise _truncated('GroupMetadataValue.members[].group_instance_id')
            x0['group_instance_id'] = buf[pos:e1].decode()
            pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at GroupMetadataValue.members[].client_id")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('GroupMetadataValue.members[].client_id')
        x0['client_id'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at GroupMetadataValue.members[].client_host")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('GroupMetadataValue.members[].client_host')
        x0['client_host'] = buf[pos:e1].decode()
        pos = e1
        x0['rebalance_timeout'], x0['session_timeout'], n1 = _unpack_from_iii(buf, pos)
        pos += 12
        if n1 < 0:
            raise _Err("null in non-nullable bytes at GroupMetadataValue.members[].subscription")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('GroupMetadataValue.members[].subscription')
        x0['subscription'] = buf[pos:e1]
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable bytes at GroupMetadataValue.members[].assignment")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('GroupMetadataValue.members[].assignment')
        x0['assignment'] = buf[pos:e1]
        pos = e1
        a0.append(x0)
    return obj, pos


def _GroupMetadataValue_v3_encode(obj, w):
    # GroupMetadataValue v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_protocol_type = g0('protocol_type')
    if v0_protocol_type is None:
        v0_protocol_type = ''
    v0_protocol_type_bytes = v0_protocol_type.encode()
    w(_pack_h(len(v0_protocol_type_bytes)))
    w(v0_protocol_type_bytes)
    v0_generation = g0('generation')
    if v0_generation is None:
        v0_generation = 0
    v0_protocol = g0('protocol', '')
    v0_protocol_bytes = None if v0_protocol is None else v0_protocol.encode()
    w(_pack_ih(v0_generation, -1 if v0_protocol_bytes is None else len(v0_protocol_bytes)))
    if v0_protocol_bytes is not None:
        w(v0_protocol_bytes)
    v0_leader = g0('leader', '')
    v0_leader_bytes = None if v0_leader is None else v0_leader.encode()
    w(_pack_h(-1 if v0_leader_bytes is None else len(v0_leader_bytes)))
    if v0_leader_bytes is not None:
        w(v0_leader_bytes)
    v0_current_state_timestamp = g0('current_state_timestamp')
    if v0_current_state_timestamp is None:
        v0_current_state_timestamp = -1
    v0_members = g0('members')
    if v0_members is None:
        v0_members = []
    w(_pack_qi(v0_current_state_timestamp, len(v0_members)))
    for x0 in v0_members:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_member_id = g2('member_id')
        if v2_member_id is None:
            v2_member_id = ''
        v2_member_id_bytes = v2_member_id.encode()
        w(_pack_h(len(v2_member_id_bytes)))
        w(v2_member_id_bytes)
        v2_group_instance_id = g2('group_instance_id', None)
        v2_group_instance_id_bytes = None if v2_group_instance_id is None else v2_group_instance_id.encode()
        w(_pack_h(-1 if v2_group_instance_id_bytes is None else len(v2_group_instance_id_bytes)))
        if v2_group_instance_id_bytes is not None:
            w(v2_group_instance_id_bytes)
        v2_client_id = g2('client_id')
        if v2_client_id is None:
            v2_client_id = ''
        v2_client_id_bytes = v2_client_id.encode()
        w(_pack_h(len(v2_client_id_bytes)))
        w(v2_client_id_bytes)
        v2_client_host = g2('client_host')
        if v2_client_host is None:
            v2_client_host = ''
        v2_client_host_bytes = v2_client_host.encode()
        w(_pack_h(len(v2_client_host_bytes)))
        w(v2_client_host_bytes)
        v2_rebalance_timeout = g2('rebalance_timeout')
        if v2_rebalance_timeout is None:
            v2_rebalance_timeout = -1
        v2_session_timeout = g2('session_timeout')
        if v2_session_timeout is None:
            v2_session_timeout = 0
        v2_subscription = g2('subscription')
        if v2_subscription is None:
            v2_subscription = b''
        w(_pack_iii(v2_rebalance_timeout, v2_session_timeout, len(v2_subscription)))
        w(v2_subscription)
        v2_assignment = g2('assignment')
        if v2_assignment is None:
            v2_assignment = b''
        w(_pack_i(len(v2_assignment)))
        w(v2_assignment)


def _GroupMetadataValue_v4_decode(buf, pos):
    # GroupMetadataValue v4: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at GroupMetadataValue.protocol_type")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('GroupMetadataValue.protocol_type')
    obj['protocol_type'] = buf[pos:e1].decode()
    pos = e1
    obj['generation'], = _unpack_from_i(buf, pos)
    pos += 4
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['protocol'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('GroupMetadataValue.protocol')
        obj['protocol'] = buf[pos:e1].decode()
        pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['leader'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('GroupMetadataValue.leader')
        obj['leader'] = buf[pos:e1].decode()
        pos = e1
    obj['current_state_timestamp'], = _unpack_from_q(buf, pos)
    pos += 8
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at GroupMetadataValue.members")
    n1 -= 1
    if n1 > 1000000 or n1 * 15 > end - pos:
        raise _too_many(n1, end - pos, 'GroupMetadataValue.members')
    obj['members'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at GroupMetadataValue.members[].member_id")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('GroupMetadataValue.members[].member_id')
        x1['member_id'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            x1['group_instance_id'] = None
        else:
            n3 -= 1
            e3 = pos + n3
            if e3 > end:
                raise _truncated('GroupMetadataValue.members[].group_instance_id')
            x1['group_instance_id'] = buf[pos:e3].decode()
            pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at GroupMetadataValue.members[].client_id")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('GroupMetadataValue.members[].client_id')
        x1['client_id'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at GroupMetadataValue.members[].client_host")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('GroupMetadataValue.members[].client_host')
        x1['client_host'] = buf[pos:e3].decode()
        pos = e3
        x1['rebalance_timeout'], x1['session_timeout'] = _unpack_from_ii(buf, pos)
        pos += 8
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable bytes at GroupMetadataValue.members[].subscription")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('GroupMetadataValue.members[].subscription')
        x1['subscription'] = buf[pos:e3]
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable bytes at GroupMetadataValue.members[].assignment")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('GroupMetadataValue.members[].assignment')
        x1['assignment'] = buf[pos:e3]
        pos = e3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'GroupMetadataValue.members[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'GroupMetadataValue')
    else:
        pos += 1
    return obj, pos


def _GroupMetadataValue_v4_encode(obj, w):
    # GroupMetadataValue v4: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_protocol_type = g0('protocol_type')
    if v0_protocol_type is None:
        v0_protocol_type = ''
    v0_protocol_type_bytes = v0_protocol_type.encode()
    n0 = len(v0_protocol_type_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_protocol_type_bytes)
    v0_generation = g0('generation')
    if v0_generation is None:
        v0_generation = 0
    v0_protocol = g0('protocol', '')
    v0_protocol_bytes = None if v0_protocol is None else v0_protocol.encode()
    w(_pack_i(v0_generation))
    if v0_protocol_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_protocol_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_protocol_bytes)
    v0_leader = g0('leader', '')
    v0_leader_bytes = None if v0_leader is None else v0_leader.encode()
    if v0_leader_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_leader_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_leader_bytes)
    v0_current_state_timestamp = g0('current_state_timestamp')
    if v0_current_state_timestamp is None:
        v0_current_state_timestamp = -1
    v0_members = g0('members')
    if v0_members is None:
        v0_members = []
    w(_pack_q(v0_current_state_timestamp))
    n0 = len(v0_members) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_members:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_member_id = g2('member_id')
        if v2_member_id is None:
            v2_member_id = ''
        v2_member_id_bytes = v2_member_id.encode()
        n2 = len(v2_member_id_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_member_id_bytes)
        v2_group_instance_id = g2('group_instance_id', None)
        v2_group_instance_id_bytes = None if v2_group_instance_id is None else v2_group_instance_id.encode()
        if v2_group_instance_id_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_group_instance_id_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_group_instance_id_bytes)
        v2_client_id = g2('client_id')
        if v2_client_id is None:
            v2_client_id = ''
        v2_client_id_bytes = v2_client_id.encode()
        n2 = len(v2_client_id_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_client_id_bytes)
        v2_client_host = g2('client_host')
        if v2_client_host is None:
            v2_client_host = ''
        v2_client_host_bytes = v2_client_host.encode()
        n2 = len(v2_client_host_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_client_host_bytes)
        v2_rebalance_timeout = g2('rebalance_timeout')
        if v2_rebalance_timeout is None:
            v2_rebalance_timeout = -1
        v2_session_timeout = g2('session_timeout')
        if v2_session_timeout is None:
            v2_session_timeout = 0
        v2_subscription = g2('subscription')
        if v2_subscription is None:
            v2_subscription = b''
        w(_pack_ii(v2_rebalance_timeout, v2_session_timeout))
        n2 = len(v2_subscription) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_subscription)
        v2_assignment = g2('assignment')
        if v2_assignment is None:
            v2_assignment = b''
        n2 = len(v2_assignment) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_assignment)
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ConsumerGroupMetadataKey_v3_decode(buf, pos):
    # ConsumerGroupMetadataKey v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at ConsumerGroupMetadataKey.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('ConsumerGroupMetadataKey.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    return obj, pos


def _ConsumerGroupMetadataKey_v3_encode(obj, w):
    # ConsumerGroupMetadataKey v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)


def _ConsumerGroupPartitionMetadataKey_v4_decode(buf, pos):
    # ConsumerGroupPartitionMetadataKey v4: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at ConsumerGroupPartitionMetadataKey.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('ConsumerGroupPartitionMetadataKey.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    return obj, pos


def _ConsumerGroupPartitionMetadataKey_v4_encode(obj, w):
    # ConsumerGroupPartitionMetadataKey v4: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)


def _ConsumerGroupMemberMetadataKey_v5_decode(buf, pos):
    # ConsumerGroupMemberMetadataKey v5: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at ConsumerGroupMemberMetadataKey.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('ConsumerGroupMemberMetadataKey.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at ConsumerGroupMemberMetadataKey.member_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('ConsumerGroupMemberMetadataKey.member_id')
    obj['member_id'] = buf[pos:e0].decode()
    pos = e0
    return obj, pos


def _ConsumerGroupMemberMetadataKey_v5_encode(obj, w):
    # ConsumerGroupMemberMetadataKey v5: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    w(_pack_h(len(v0_member_id_bytes)))
    w(v0_member_id_bytes)


def _ConsumerGroupTargetAssignmentMetadataKey_v6_decode(buf, pos):
    # ConsumerGroupTargetAssignmentMetadataKey v6: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at ConsumerGroupTargetAssignmentMetadataKey.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('ConsumerGroupTargetAssignmentMetadataKey.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    return obj, pos


def _ConsumerGroupTargetAssignmentMetadataKey_v6_encode(obj, w):
    # ConsumerGroupTargetAssignmentMetadataKey v6: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)


def _ConsumerGroupTargetAssignmentMemberKey_v7_decode(buf, pos):
    # ConsumerGroupTargetAssignmentMemberKey v7: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at ConsumerGroupTargetAssignmentMemberKey.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('ConsumerGroupTargetAssignmentMemberKey.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at ConsumerGroupTargetAssignmentMemberKey.member_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('ConsumerGroupTargetAssignmentMemberKey.member_id')
    obj['member_id'] = buf[pos:e0].decode()
    pos = e0
    return obj, pos


def _ConsumerGroupTargetAssignmentMemberKey_v7_encode(obj, w):
    # ConsumerGroupTargetAssignmentMemberKey v7: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    w(_pack_h(len(v0_member_id_bytes)))
    w(v0_member_id_bytes)


def _ConsumerGroupCurrentMemberAssignmentKey_v8_decode(buf, pos):
    # ConsumerGroupCurrentMemberAssignmentKey v8: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at ConsumerGroupCurrentMemberAssignmentKey.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('ConsumerGroupCurrentMemberAssignmentKey.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at ConsumerGroupCurrentMemberAssignmentKey.member_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('ConsumerGroupCurrentMemberAssignmentKey.member_id')
    obj['member_id'] = buf[pos:e0].decode()
    pos = e0
    return obj, pos


def _ConsumerGroupCurrentMemberAssignmentKey_v8_encode(obj, w):
    # ConsumerGroupCurrentMemberAssignmentKey v8: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    w(_pack_h(len(v0_member_id_bytes)))
    w(v0_member_id_bytes)


def _ConsumerGroupRegularExpressionKey_v16_decode(buf, pos):
    # ConsumerGroupRegularExpressionKey v16: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at ConsumerGroupRegularExpressionKey.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('ConsumerGroupRegularExpressionKey.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at ConsumerGroupRegularExpressionKey.regular_expression")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('ConsumerGroupRegularExpressionKey.regular_expression')
    obj['regular_expression'] = buf[pos:e0].decode()
    pos = e0
    return obj, pos


def _ConsumerGroupRegularExpressionKey_v16_encode(obj, w):
    # ConsumerGroupRegularExpressionKey v16: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)
    v0_regular_expression = g0('regular_expression')
    if v0_regular_expression is None:
        v0_regular_expression = ''
    v0_regular_expression_bytes = v0_regular_expression.encode()
    w(_pack_h(len(v0_regular_expression_bytes)))
    w(v0_regular_expression_bytes)


def _ConsumerGroupMetadataValue_v0_decode(buf, pos):
    # ConsumerGroupMetadataValue v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['epoch'], = _unpack_from_i(buf, pos)
    pos += 4
    obj['metadata_hash'] = 0
    obj['creation_time_ms'] = -1
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _TAGS_ConsumerGroupMetadataValue_v0_3, 'ConsumerGroupMetadataValue')
    else:
        pos += 1
    return obj, pos


def _decode_tag_metadata_hash__ConsumerGroupMetadataValue_v0_1(buf):
    # tagged field 0 of ConsumerGroupMetadataValue, read from its own bytes
    end = len(buf)
    pos = 0
    value, = _unpack_from_q(buf, pos)
    pos += 8
    return value


def _decode_tag_creation_time_ms__ConsumerGroupMetadataValue_v0_2(buf):
    # tagged field 1 of ConsumerGroupMetadataValue, read from its own bytes
    end = len(buf)
    pos = 0
    value, = _unpack_from_q(buf, pos)
    pos += 8
    return value


def _ConsumerGroupMetadataValue_v0_encode(obj, w):
    # ConsumerGroupMetadataValue v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_epoch = g0('epoch')
    if v0_epoch is None:
        v0_epoch = 0
    w(_pack_i(v0_epoch))
    t0 = []
    u0 = g0('metadata_hash', 0)
    if not u0 == 0:  # tagged fields at their default are not written
        t0.append((0, _encode_tag_metadata_hash__ConsumerGroupMetadataValue_v0_4(u0)))
    u0 = g0('creation_time_ms', -1)
    if not u0 == -1:  # tagged fields at their default are not written
        t0.append((1, _encode_tag_creation_time_ms__ConsumerGroupMetadataValue_v0_5(u0)))
    u0 = g0('_unknown_tags', None)
    if u0:
        t0.extend(u0.items())
        t0.sort()
    if t0:
        _write_tags(w, t0)
    else:
        w(b'\x00')


def _encode_tag_metadata_hash__ConsumerGroupMetadataValue_v0_4(value):
    # tagged field 0 at ConsumerGroupMetadataValue.metadata_hash, as its own bytes
    out = []
    w = out.append
    w(_pack_q(value))
    return b''.join(out)


def _encode_tag_creation_time_ms__ConsumerGroupMetadataValue_v0_5(value):
    # tagged field 1 at ConsumerGroupMetadataValue.creation_time_ms, as its own bytes
    out = []
    w = out.append
    w(_pack_q(value))
    return b''.join(out)


def _ConsumerGroupPartitionMetadataValue_v0_decode(buf, pos):
    # ConsumerGroupPartitionMetadataValue v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ConsumerGroupPartitionMetadataValue.topics")
    n1 -= 1
    if n1 > 1000000 or n1 * 23 > end - pos:
        raise _too_many(n1, end - pos, 'ConsumerGroupPartitionMetadataValue.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['topic_id'], = _unpack_from_16s(buf, pos)
        pos += 16
        x1['topic_id'] = _uuid(x1['topic_id'])
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ConsumerGroupPartitionMetadataValue.topics[].topic_name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ConsumerGroupPartitionMetadataValue.topics[].topic_name')
        x1['topic_name'] = buf[pos:e3].decode()
        pos = e3
        x1['num_partitions'], = _unpack_from_i(buf, pos)
        pos += 4
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at ConsumerGroupPartitionMetadataValue.topics[].partition_metadata")
        n3 -= 1
        if n3 > 1000000 or n3 * 6 > end - pos:
            raise _too_many(n3, end - pos, 'ConsumerGroupPartitionMetadataValue.topics[].partition_metadata')
        x1['partition_metadata'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['partition'], = _unpack_from_i(buf, pos)
            pos += 4
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at ConsumerGroupPartitionMetadataValue.topics[].partition_metadata[].racks")
            n5 -= 1
            if n5 > 1000000 or n5 > end - pos:
                raise _too_many(n5, end - pos, 'ConsumerGroupPartitionMetadataValue.topics[].partition_metadata[].racks')
            x3['racks'] = a5 = []
            for _ in range(n5):
                n6 = buf[pos]
                if n6 > 127:
                    n6, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n6:
                    raise _Err("null in non-nullable string at ConsumerGroupPartitionMetadataValue.topics[].partition_metadata[].racks[]")
                n6 -= 1
                e6 = pos + n6
                if e6 > end:
                    raise _truncated('ConsumerGroupPartitionMetadataValue.topics[].partition_metadata[].racks[]')
                x5 = buf[pos:e6].decode()
                pos = e6
                a5.append(x5)
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'ConsumerGroupPartitionMetadataValue.topics[].partition_metadata[]')
            else:
                pos += 1
            a3.append(x3)
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ConsumerGroupPartitionMetadataValue.topics[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ConsumerGroupPartitionMetadataValue')
    else:
        pos += 1
    return obj, pos


def _ConsumerGroupPartitionMetadataValue_v0_encode(obj, w):
    # ConsumerGroupPartitionMetadataValue v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    n0 = len(v0_topics) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_ConsumerGroupPartitionMetadataValue_v0_1
        w(v2_topic_id.bytes)
        v2_topic_name = g2('topic_name')
        if v2_topic_name is None:
            v2_topic_name = ''
        v2_topic_name_bytes = v2_topic_name.encode()
        n2 = len(v2_topic_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_topic_name_bytes)
        v2_num_partitions = g2('num_partitions')
        if v2_num_partitions is None:
            v2_num_partitions = 0
        v2_partition_metadata = g2('partition_metadata')
        if v2_partition_metadata is None:
            v2_partition_metadata = []
        w(_pack_i(v2_num_partitions))
        n2 = len(v2_partition_metadata) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_partition_metadata:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition = g4('partition')
            if v4_partition is None:
                v4_partition = 0
            v4_racks = g4('racks')
            if v4_racks is None:
                v4_racks = []
            w(_pack_i(v4_partition))
            n4 = len(v4_racks) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            for x4 in v4_racks:
                if x4 is None:
                    raise _null_build('string', 'ConsumerGroupPartitionMetadataValue.topics[].partition_metadata[].racks[]')
                x4_bytes = x4.encode()
                n5 = len(x4_bytes) + 1
                w(_UV[n5] if n5 < 128 else _uv(n5))
                w(x4_bytes)
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ConsumerGroupMemberMetadataValue_v0_decode(buf, pos):
    # ConsumerGroupMemberMetadataValue v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['instance_id'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ConsumerGroupMemberMetadataValue.instance_id')
        obj['instance_id'] = buf[pos:e1].decode()
        pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['rack_id'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ConsumerGroupMemberMetadataValue.rack_id')
        obj['rack_id'] = buf[pos:e1].decode()
        pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at ConsumerGroupMemberMetadataValue.client_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('ConsumerGroupMemberMetadataValue.client_id')
    obj['client_id'] = buf[pos:e1].decode()
    pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at ConsumerGroupMemberMetadataValue.client_host")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('ConsumerGroupMemberMetadataValue.client_host')
    obj['client_host'] = buf[pos:e1].decode()
    pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ConsumerGroupMemberMetadataValue.subscribed_topic_names")
    n1 -= 1
    if n1 > 1000000 or n1 > end - pos:
        raise _too_many(n1, end - pos, 'ConsumerGroupMemberMetadataValue.subscribed_topic_names')
    obj['subscribed_topic_names'] = a1 = []
    for _ in range(n1):
        n2 = buf[pos]
        if n2 > 127:
            n2, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n2:
            raise _Err("null in non-nullable string at ConsumerGroupMemberMetadataValue.subscribed_topic_names[]")
        n2 -= 1
        e2 = pos + n2
        if e2 > end:
            raise _truncated('ConsumerGroupMemberMetadataValue.subscribed_topic_names[]')
        x1 = buf[pos:e2].decode()
        pos = e2
        a1.append(x1)
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['subscribed_topic_regex'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ConsumerGroupMemberMetadataValue.subscribed_topic_regex')
        obj['subscribed_topic_regex'] = buf[pos:e1].decode()
        pos = e1
    obj['rebalance_timeout_ms'], = _unpack_from_i(buf, pos)
    pos += 4
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['server_assignor'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ConsumerGroupMemberMetadataValue.server_assignor')
        obj['server_assignor'] = buf[pos:e1].decode()
        pos = e1
    obj['classic_member_metadata'] = None
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _TAGS_ConsumerGroupMemberMetadataValue_v0_2, 'ConsumerGroupMemberMetadataValue')
    else:
        pos += 1
    return obj, pos


def _decode_tag_classic_member_metadata__ConsumerGroupMemberMetadataValue_v0_1(buf):
    # tagged field 0 of ConsumerGroupMemberMetadataValue, read from its own bytes
    end = len(buf)
    pos = 0
    n1, = _unpack_from_b(buf, pos)
    pos += 1
    if n1 < 0:
        value = None
    else:
        value = Container()
        value['session_timeout_ms'], = _unpack_from_i(buf, pos)
        pos += 4
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at ConsumerGroupMemberMetadataValue.classic_member_metadata.supported_protocols")
        n3 -= 1
        if n3 > 1000000 or n3 * 3 > end - pos:
            raise _too_many(n3, end - pos, 'ConsumerGroupMemberMetadataValue.classic_member_metadata.supported_protocols')
        value['supported_protocols'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at ConsumerGroupMemberMetadataValue.classic_member_metadata.supported_protocols[].name")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('ConsumerGroupMemberMetadataValue.classic_member_metadata.supported_protocols[].name')
            x3['name'] = buf[pos:e5].decode()
            pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable bytes at ConsumerGroupMemberMetadataValue.classic_member_metadata.supported_protocols[].metadata")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('ConsumerGroupMemberMetadataValue.classic_member_metadata.supported_protocols[].metadata')
            x3['metadata'] = buf[pos:e5]
            pos = e5
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'ConsumerGroupMemberMetadataValue.classic_member_metadata.supported_protocols[]')
            else:
                pos += 1
            a3.append(x3)
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, value, _NO_TAGS, 'ConsumerGroupMemberMetadataValue.classic_member_metadata')
        else:
            pos += 1
    return value


def _ConsumerGroupMemberMetadataValue_v0_encode(obj, w):
    # ConsumerGroupMemberMetadataValue v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_instance_id = g0('instance_id', '')
    v0_instance_id_bytes = None if v0_instance_id is None else v0_instance_id.encode()
    if v0_instance_id_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_instance_id_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_instance_id_bytes)
    v0_rack_id = g0('rack_id', '')
    v0_rack_id_bytes = None if v0_rack_id is None else v0_rack_id.encode()
    if v0_rack_id_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_rack_id_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_rack_id_bytes)
    v0_client_id = g0('client_id')
    if v0_client_id is None:
        v0_client_id = ''
    v0_client_id_bytes = v0_client_id.encode()
    n0 = len(v0_client_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_client_id_bytes)
    v0_client_host = g0('client_host')
    if v0_client_host is None:
        v0_client_host = ''
    v0_client_host_bytes = v0_client_host.encode()
    n0 = len(v0_client_host_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_client_host_bytes)
    v0_subscribed_topic_names = g0('subscribed_topic_names')
    if v0_subscribed_topic_names is None:
        v0_subscribed_topic_names = []
    n0 = len(v0_subscribed_topic_names) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_subscribed_topic_names:
        if x0 is None:
            raise _null_build('string', 'ConsumerGroupMemberMetadataValue.subscribed_topic_names[]')
        x0_bytes = x0.encode()
        n1 = len(x0_bytes) + 1
        w(_UV[n1] if n1 < 128 else _uv(n1))
        w(x0_bytes)
    v0_subscribed_topic_regex = g0('subscribed_topic_regex', '')
    v0_subscribed_topic_regex_bytes = None if v0_subscribed_topic_regex is None else v0_subscribed_topic_regex.encode()
    if v0_subscribed_topic_regex_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_subscribed_topic_regex_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_subscribed_topic_regex_bytes)
    v0_rebalance_timeout_ms = g0('rebalance_timeout_ms')
    if v0_rebalance_timeout_ms is None:
        v0_rebalance_timeout_ms = -1
    v0_server_assignor = g0('server_assignor', '')
    v0_server_assignor_bytes = None if v0_server_assignor is None else v0_server_assignor.encode()
    w(_pack_i(v0_rebalance_timeout_ms))
    if v0_server_assignor_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_server_assignor_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_server_assignor_bytes)
    t0 = []
    u0 = g0('classic_member_metadata', None)
    if not u0 == None:  # tagged fields at their default are not written
        t0.append((0, _encode_tag_classic_member_metadata__ConsumerGroupMemberMetadataValue_v0_3(u0)))
    u0 = g0('_unknown_tags', None)
    if u0:
        t0.extend(u0.items())
        t0.sort()
    if t0:
        _write_tags(w, t0)
    else:
        w(b'\x00')


def _encode_tag_classic_member_metadata__ConsumerGroupMemberMetadataValue_v0_3(value):
    # tagged field 0 at ConsumerGroupMemberMetadataValue.classic_member_metadata, as its own bytes
    out = []
    w = out.append
    if value is None:
        w(b'\xff')
    else:
        w(b'\x01')
        g2 = value.get if isinstance(value, dict) else _getter(value)
        v2_session_timeout_ms = g2('session_timeout_ms')
        if v2_session_timeout_ms is None:
            v2_session_timeout_ms = 0
        v2_supported_protocols = g2('supported_protocols')
        if v2_supported_protocols is None:
            v2_supported_protocols = []
        w(_pack_i(v2_session_timeout_ms))
        n2 = len(v2_supported_protocols) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_supported_protocols:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_name = g4('name')
            if v4_name is None:
                v4_name = ''
            v4_name_bytes = v4_name.encode()
            n4 = len(v4_name_bytes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_name_bytes)
            v4_metadata = g4('metadata')
            if v4_metadata is None:
                v4_metadata = b''
            n4 = len(v4_metadata) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_metadata)
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    return b''.join(out)


def _ConsumerGroupTargetAssignmentMetadataValue_v0_decode(buf, pos):
    # ConsumerGroupTargetAssignmentMetadataValue v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['assignment_epoch'], = _unpack_from_i(buf, pos)
    pos += 4
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ConsumerGroupTargetAssignmentMetadataValue')
    else:
        pos += 1
    return obj, pos


def _ConsumerGroupTargetAssignmentMetadataValue_v0_encode(obj, w):
    # ConsumerGroupTargetAssignmentMetadataValue v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_assignment_epoch = g0('assignment_epoch')
    if v0_assignment_epoch is None:
        v0_assignment_epoch = 0
    w(_pack_i(v0_assignment_epoch))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ConsumerGroupTargetAssignmentMemberValue_v0_decode(buf, pos):
    # ConsumerGroupTargetAssignmentMemberValue v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ConsumerGroupTargetAssignmentMemberValue.topic_partitions")
    n1 -= 1
    if n1 > 1000000 or n1 * 18 > end - pos:
        raise _too_many(n1, end - pos, 'ConsumerGroupTargetAssignmentMemberValue.topic_partitions')
    obj['topic_partitions'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['topic_id'], = _unpack_from_16s(buf, pos)
        pos += 16
        x1['topic_id'] = _uuid(x1['topic_id'])
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at ConsumerGroupTargetAssignmentMemberValue.topic_partitions[].partitions")
        n3 -= 1
        if n3 > 1000000 or n3 * 4 > end - pos:
            raise _too_many(n3, end - pos, 'ConsumerGroupTargetAssignmentMemberValue.topic_partitions[].partitions')
        x1['partitions'] = list(_unpack_from_i_arrays[n3](buf, pos) if n3 < 32 else _struct_unpack_from('>%di' % n3, buf, pos))
        pos += 4 * n3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ConsumerGroupTargetAssignmentMemberValue.topic_partitions[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ConsumerGroupTargetAssignmentMemberValue')
    else:
        pos += 1
    return obj, pos


def _ConsumerGroupTargetAssignmentMemberValue_v0_encode(obj, w):
    # ConsumerGroupTargetAssignmentMemberValue v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_topic_partitions = g0('topic_partitions')
    if v0_topic_partitions is None:
        v0_topic_partitions = []
    n0 = len(v0_topic_partitions) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_topic_partitions:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_ConsumerGroupTargetAssignmentMemberValue_v0_1
        w(v2_topic_id.bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(_pack_i_arrays[len(v2_partitions)](*v2_partitions) if len(v2_partitions) < 32 else _struct_pack('>%di' % len(v2_partitions), *v2_partitions))
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ConsumerGroupCurrentMemberAssignmentValue_v0_decode(buf, pos):
    # ConsumerGroupCurrentMemberAssignmentValue v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['member_epoch'], obj['previous_member_epoch'], obj['state'] = _unpack_from_iib(buf, pos)
    pos += 9
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ConsumerGroupCurrentMemberAssignmentValue.assigned_partitions")
    n1 -= 1
    if n1 > 1000000 or n1 * 18 > end - pos:
        raise _too_many(n1, end - pos, 'ConsumerGroupCurrentMemberAssignmentValue.assigned_partitions')
    obj['assigned_partitions'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['topic_id'], = _unpack_from_16s(buf, pos)
        pos += 16
        x1['topic_id'] = _uuid(x1['topic_id'])
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at ConsumerGroupCurrentMemberAssignmentValue.assigned_partitions[].partitions")
        n3 -= 1
        if n3 > 1000000 or n3 * 4 > end - pos:
            raise _too_many(n3, end - pos, 'ConsumerGroupCurrentMemberAssignmentValue.assigned_partitions[].partitions')
        x1['partitions'] = list(_unpack_from_i_arrays[n3](buf, pos) if n3 < 32 else _struct_unpack_from('>%di' % n3, buf, pos))
        pos += 4 * n3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ConsumerGroupCurrentMemberAssignmentValue.assigned_partitions[]')
        else:
            pos += 1
        a1.append(x1)
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ConsumerGroupCurrentMemberAssignmentValue.partitions_pending_revocation")
    n1 -= 1
    if n1 > 1000000 or n1 * 18 > end - pos:
        raise _too_many(n1, end - pos, 'ConsumerGroupCurrentMemberAssignmentValue.partitions_pending_revocation')
    obj['partitions_pending_revocation'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['topic_id'], = _unpack_from_16s(buf, pos)
        pos += 16
        x1['topic_id'] = _uuid(x1['topic_id'])
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at ConsumerGroupCurrentMemberAssignmentValue.partitions_pending_revocation[].partitions")
        n3 -= 1
        if n3 > 1000000 or n3 * 4 > end - pos:
            raise _too_many(n3, end - pos, 'ConsumerGroupCurrentMemberAssignmentValue.partitions_pending_revocation[].partitions')
        x1['partitions'] = list(_unpack_from_i_arrays[n3](buf, pos) if n3 < 32 else _struct_unpack_from('>%di' % n3, buf, pos))
        pos += 4 * n3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ConsumerGroupCurrentMemberAssignmentValue.partitions_pending_revocation[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ConsumerGroupCurrentMemberAssignmentValue')
    else:
        pos += 1
    return obj, pos


def _ConsumerGroupCurrentMemberAssignmentValue_v0_encode(obj, w):
    # ConsumerGroupCurrentMemberAssignmentValue v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_member_epoch = g0('member_epoch')
    if v0_member_epoch is None:
        v0_member_epoch = 0
    v0_previous_member_epoch = g0('previous_member_epoch')
    if v0_previous_member_epoch is None:
        v0_previous_member_epoch = 0
    v0_state = g0('state')
    if v0_state is None:
        v0_state = 0
    v0_assigned_partitions = g0('assigned_partitions')
    if v0_assigned_partitions is None:
        v0_assigned_partitions = []
    w(_pack_iib(v0_member_epoch, v0_previous_member_epoch, v0_state))
    n0 = len(v0_assigned_partitions) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_assigned_partitions:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_ConsumerGroupCurrentMemberAssignmentValue_v0_1
        w(v2_topic_id.bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(_pack_i_arrays[len(v2_partitions)](*v2_partitions) if len(v2_partitions) < 32 else _struct_pack('>%di' % len(v2_partitions), *v2_partitions))
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_partitions_pending_revocation = g0('partitions_pending_revocation')
    if v0_partitions_pending_revocation is None:
        v0_partitions_pending_revocation = []
    n0 = len(v0_partitions_pending_revocation) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_partitions_pending_revocation:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_ConsumerGroupCurrentMemberAssignmentValue_v0_1
        w(v2_topic_id.bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(_pack_i_arrays[len(v2_partitions)](*v2_partitions) if len(v2_partitions) < 32 else _struct_pack('>%di' % len(v2_partitions), *v2_partitions))
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ConsumerGroupRegularExpressionValue_v0_decode(buf, pos):
    # ConsumerGroupRegularExpressionValue v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ConsumerGroupRegularExpressionValue.topics")
    n1 -= 1
    if n1 > 1000000 or n1 > end - pos:
        raise _too_many(n1, end - pos, 'ConsumerGroupRegularExpressionValue.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        n2 = buf[pos]
        if n2 > 127:
            n2, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n2:
            raise _Err("null in non-nullable string at ConsumerGroupRegularExpressionValue.topics[]")
        n2 -= 1
        e2 = pos + n2
        if e2 > end:
            raise _truncated('ConsumerGroupRegularExpressionValue.topics[]')
        x1 = buf[pos:e2].decode()
        pos = e2
        a1.append(x1)
    obj['version'], obj['timestamp'] = _unpack_from_qq(buf, pos)
    pos += 16
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ConsumerGroupRegularExpressionValue')
    else:
        pos += 1
    return obj, pos


def _ConsumerGroupRegularExpressionValue_v0_encode(obj, w):
    # ConsumerGroupRegularExpressionValue v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    n0 = len(v0_topics) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_topics:
        if x0 is None:
            raise _null_build('string', 'ConsumerGroupRegularExpressionValue.topics[]')
        x0_bytes = x0.encode()
        n1 = len(x0_bytes) + 1
        w(_UV[n1] if n1 < 128 else _uv(n1))
        w(x0_bytes)
    v0_version = g0('version')
    if v0_version is None:
        v0_version = 0
    v0_timestamp = g0('timestamp')
    if v0_timestamp is None:
        v0_timestamp = 0
    w(_pack_qq(v0_version, v0_timestamp))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ShareGroupPartitionMetadataKey_v9_decode(buf, pos):
    # ShareGroupPartitionMetadataKey v9: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at ShareGroupPartitionMetadataKey.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('ShareGroupPartitionMetadataKey.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    return obj, pos


def _ShareGroupPartitionMetadataKey_v9_encode(obj, w):
    # ShareGroupPartitionMetadataKey v9: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)


def _ShareGroupMemberMetadataKey_v10_decode(buf, pos):
    # ShareGroupMemberMetadataKey v10: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at ShareGroupMemberMetadataKey.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('ShareGroupMemberMetadataKey.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at ShareGroupMemberMetadataKey.member_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('ShareGroupMemberMetadataKey.member_id')
    obj['member_id'] = buf[pos:e0].decode()
    pos = e0
    return obj, pos


def _ShareGroupMemberMetadataKey_v10_encode(obj, w):
    # ShareGroupMemberMetadataKey v10: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    w(_pack_h(len(v0_member_id_bytes)))
    w(v0_member_id_bytes)


def _ShareGroupMetadataKey_v11_decode(buf, pos):
    # ShareGroupMetadataKey v11: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at ShareGroupMetadataKey.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('ShareGroupMetadataKey.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    return obj, pos


def _ShareGroupMetadataKey_v11_encode(obj, w):
    # ShareGroupMetadataKey v11: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)


def _ShareGroupTargetAssignmentMetadataKey_v12_decode(buf, pos):
    # ShareGroupTargetAssignmentMetadataKey v12: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at ShareGroupTargetAssignmentMetadataKey.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('ShareGroupTargetAssignmentMetadataKey.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    return obj, pos


def _ShareGroupTargetAssignmentMetadataKey_v12_encode(obj, w):
    # ShareGroupTargetAssignmentMetadataKey v12: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)


def _ShareGroupTargetAssignmentMemberKey_v13_decode(buf, pos):
    # ShareGroupTargetAssignmentMemberKey v13: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at ShareGroupTargetAssignmentMemberKey.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('ShareGroupTargetAssignmentMemberKey.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at ShareGroupTargetAssignmentMemberKey.member_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('ShareGroupTargetAssignmentMemberKey.member_id')
    obj['member_id'] = buf[pos:e0].decode()
    pos = e0
    return obj, pos


def _ShareGroupTargetAssignmentMemberKey_v13_encode(obj, w):
    # ShareGroupTargetAssignmentMemberKey v13: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    w(_pack_h(len(v0_member_id_bytes)))
    w(v0_member_id_bytes)


def _ShareGroupCurrentMemberAssignmentKey_v14_decode(buf, pos):
    # ShareGroupCurrentMemberAssignmentKey v14: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at ShareGroupCurrentMemberAssignmentKey.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('ShareGroupCurrentMemberAssignmentKey.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at ShareGroupCurrentMemberAssignmentKey.member_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('ShareGroupCurrentMemberAssignmentKey.member_id')
    obj['member_id'] = buf[pos:e0].decode()
    pos = e0
    return obj, pos


def _ShareGroupCurrentMemberAssignmentKey_v14_encode(obj, w):
    # ShareGroupCurrentMemberAssignmentKey v14: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)
    v0_member_id = g0('member_id')
    if v0_member_id is None:
        v0_member_id = ''
    v0_member_id_bytes = v0_member_id.encode()
    w(_pack_h(len(v0_member_id_bytes)))
    w(v0_member_id_bytes)


def _ShareGroupStatePartitionMetadataKey_v15_decode(buf, pos):
    # ShareGroupStatePartitionMetadataKey v15: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at ShareGroupStatePartitionMetadataKey.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('ShareGroupStatePartitionMetadataKey.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    return obj, pos


def _ShareGroupStatePartitionMetadataKey_v15_encode(obj, w):
    # ShareGroupStatePartitionMetadataKey v15: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_id = g0('group_id')
    if v0_group_id is None:
        v0_group_id = ''
    v0_group_id_bytes = v0_group_id.encode()
    w(_pack_h(len(v0_group_id_bytes)))
    w(v0_group_id_bytes)


def _ShareGroupPartitionMetadataValue_v0_decode(buf, pos):
    # ShareGroupPartitionMetadataValue v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ShareGroupPartitionMetadataValue.topics")
    n1 -= 1
    if n1 > 1000000 or n1 * 23 > end - pos:
        raise _too_many(n1, end - pos, 'ShareGroupPartitionMetadataValue.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['topic_id'], = _unpack_from_16s(buf, pos)
        pos += 16
        x1['topic_id'] = _uuid(x1['topic_id'])
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ShareGroupPartitionMetadataValue.topics[].topic_name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ShareGroupPartitionMetadataValue.topics[].topic_name')
        x1['topic_name'] = buf[pos:e3].decode()
        pos = e3
        x1['num_partitions'], = _unpack_from_i(buf, pos)
        pos += 4
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at ShareGroupPartitionMetadataValue.topics[].partition_metadata")
        n3 -= 1
        if n3 > 1000000 or n3 * 6 > end - pos:
            raise _too_many(n3, end - pos, 'ShareGroupPartitionMetadataValue.topics[].partition_metadata')
        x1['partition_metadata'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['partition'], = _unpack_from_i(buf, pos)
            pos += 4
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at ShareGroupPartitionMetadataValue.topics[].partition_metadata[].racks")
            n5 -= 1
            if n5 > 1000000 or n5 > end - pos:
                raise _too_many(n5, end - pos, 'ShareGroupPartitionMetadataValue.topics[].partition_metadata[].racks')
            x3['racks'] = a5 = []
            for _ in range(n5):
                n6 = buf[pos]
                if n6 > 127:
                    n6, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n6:
                    raise _Err("null in non-nullable string at ShareGroupPartitionMetadataValue.topics[].partition_metadata[].racks[]")
                n6 -= 1
                e6 = pos + n6
                if e6 > end:
                    raise _truncated('ShareGroupPartitionMetadataValue.topics[].partition_metadata[].racks[]')
                x5 = buf[pos:e6].decode()
                pos = e6
                a5.append(x5)
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'ShareGroupPartitionMetadataValue.topics[].partition_metadata[]')
            else:
                pos += 1
            a3.append(x3)
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ShareGroupPartitionMetadataValue.topics[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ShareGroupPartitionMetadataValue')
    else:
        pos += 1
    return obj, pos


def _ShareGroupPartitionMetadataValue_v0_encode(obj, w):
    # ShareGroupPartitionMetadataValue v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    n0 = len(v0_topics) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_ShareGroupPartitionMetadataValue_v0_1
        w(v2_topic_id.bytes)
        v2_topic_name = g2('topic_name')
        if v2_topic_name is None:
            v2_topic_name = ''
        v2_topic_name_bytes = v2_topic_name.encode()
        n2 = len(v2_topic_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_topic_name_bytes)
        v2_num_partitions = g2('num_partitions')
        if v2_num_partitions is None:
            v2_num_partitions = 0
        v2_partition_metadata = g2('partition_metadata')
        if v2_partition_metadata is None:
            v2_partition_metadata = []
        w(_pack_i(v2_num_partitions))
        n2 = len(v2_partition_metadata) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_partition_metadata:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition = g4('partition')
            if v4_partition is None:
                v4_partition = 0
            v4_racks = g4('racks')
            if v4_racks is None:
                v4_racks = []
            w(_pack_i(v4_partition))
            n4 = len(v4_racks) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            for x4 in v4_racks:
                if x4 is None:
                    raise _null_build('string', 'ShareGroupPartitionMetadataValue.topics[].partition_metadata[].racks[]')
                x4_bytes = x4.encode()
                n5 = len(x4_bytes) + 1
                w(_UV[n5] if n5 < 128 else _uv(n5))
                w(x4_bytes)
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ShareGroupMemberMetadataValue_v0_decode(buf, pos):
    # ShareGroupMemberMetadataValue v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['rack_id'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ShareGroupMemberMetadataValue.rack_id')
        obj['rack_id'] = buf[pos:e1].decode()
        pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at ShareGroupMemberMetadataValue.client_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('ShareGroupMemberMetadataValue.client_id')
    obj['client_id'] = buf[pos:e1].decode()
    pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at ShareGroupMemberMetadataValue.client_host")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('ShareGroupMemberMetadataValue.client_host')
    obj['client_host'] = buf[pos:e1].decode()
    pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ShareGroupMemberMetadataValue.subscribed_topic_names")
    n1 -= 1
    if n1 > 1000000 or n1 > end - pos:
        raise _too_many(n1, end - pos, 'ShareGroupMemberMetadataValue.subscribed_topic_names')
    obj['subscribed_topic_names'] = a1 = []
    for _ in range(n1):
        n2 = buf[pos]
        if n2 > 127:
            n2, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n2:
            raise _Err("null in non-nullable string at ShareGroupMemberMetadataValue.subscribed_topic_names[]")
        n2 -= 1
        e2 = pos + n2
        if e2 > end:
            raise _truncated('ShareGroupMemberMetadataValue.subscribed_topic_names[]')
        x1 = buf[pos:e2].decode()
        pos = e2
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ShareGroupMemberMetadataValue')
    else:
        pos += 1
    return obj, pos


def _ShareGroupMemberMetadataValue_v0_encode(obj, w):
    # ShareGroupMemberMetadataValue v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_rack_id = g0('rack_id', '')
    v0_rack_id_bytes = None if v0_rack_id is None else v0_rack_id.encode()
    if v0_rack_id_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_rack_id_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_rack_id_bytes)
    v0_client_id = g0('client_id')
    if v0_client_id is None:
        v0_client_id = ''
    v0_client_id_bytes = v0_client_id.encode()
    n0 = len(v0_client_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_client_id_bytes)
    v0_client_host = g0('client_host')
    if v0_client_host is None:
        v0_client_host = ''
    v0_client_host_bytes = v0_client_host.encode()
    n0 = len(v0_client_host_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_client_host_bytes)
    v0_subscribed_topic_names = g0('subscribed_topic_names')
    if v0_subscribed_topic_names is None:
        v0_subscribed_topic_names = []
    n0 = len(v0_subscribed_topic_names) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_subscribed_topic_names:
        if x0 is None:
            raise _null_build('string', 'ShareGroupMemberMetadataValue.subscribed_topic_names[]')
        x0_bytes = x0.encode()
        n1 = len(x0_bytes) + 1
        w(_UV[n1] if n1 < 128 else _uv(n1))
        w(x0_bytes)
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ShareGroupMetadataValue_v0_decode(buf, pos):
    # ShareGroupMetadataValue v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['epoch'], obj['metadata_hash'] = _unpack_from_iq(buf, pos)
    pos += 12
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ShareGroupMetadataValue')
    else:
        pos += 1
    return obj, pos


def _ShareGroupMetadataValue_v0_encode(obj, w):
    # ShareGroupMetadataValue v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_epoch = g0('epoch')
    if v0_epoch is None:
        v0_epoch = 0
    v0_metadata_hash = g0('metadata_hash')
    if v0_metadata_hash is None:
        v0_metadata_hash = 0
    w(_pack_iq(v0_epoch, v0_metadata_hash))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ShareGroupTargetAssignmentMetadataValue_v0_decode(buf, pos):
    # ShareGroupTargetAssignmentMetadataValue v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['assignment_epoch'], = _unpack_from_i(buf, pos)
    pos += 4
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ShareGroupTargetAssignmentMetadataValue')
    else:
        pos += 1
    return obj, pos


def _ShareGroupTargetAssignmentMetadataValue_v0_encode(obj, w):
    # ShareGroupTargetAssignmentMetadataValue v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_assignment_epoch = g0('assignment_epoch')
    if v0_assignment_epoch is None:
        v0_assignment_epoch = 0
    w(_pack_i(v0_assignment_epoch))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ShareGroupTargetAssignmentMemberValue_v0_decode(buf, pos):
    # ShareGroupTargetAssignmentMemberValue v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ShareGroupTargetAssignmentMemberValue.topic_partitions")
    n1 -= 1
    if n1 > 1000000 or n1 * 18 > end - pos:
        raise _too_many(n1, end - pos, 'ShareGroupTargetAssignmentMemberValue.topic_partitions')
    obj['topic_partitions'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['topic_id'], = _unpack_from_16s(buf, pos)
        pos += 16
        x1['topic_id'] = _uuid(x1['topic_id'])
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at ShareGroupTargetAssignmentMemberValue.topic_partitions[].partitions")
        n3 -= 1
        if n3 > 1000000 or n3 * 4 > end - pos:
            raise _too_many(n3, end - pos, 'ShareGroupTargetAssignmentMemberValue.topic_partitions[].partitions')
        x1['partitions'] = list(_unpack_from_i_arrays[n3](buf, pos) if n3 < 32 else _struct_unpack_from('>%di' % n3, buf, pos))
        pos += 4 * n3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ShareGroupTargetAssignmentMemberValue.topic_partitions[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ShareGroupTargetAssignmentMemberValue')
    else:
        pos += 1
    return obj, pos


def _ShareGroupTargetAssignmentMemberValue_v0_encode(obj, w):
    # ShareGroupTargetAssignmentMemberValue v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_topic_partitions = g0('topic_partitions')
    if v0_topic_partitions is None:
        v0_topic_partitions = []
    n0 = len(v0_topic_partitions) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_topic_partitions:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_ShareGroupTargetAssignmentMemberValue_v0_1
        w(v2_topic_id.bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(_pack_i_arrays[len(v2_partitions)](*v2_partitions) if len(v2_partitions) < 32 else _struct_pack('>%di' % len(v2_partitions), *v2_partitions))
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ShareGroupCurrentMemberAssignmentValue_v0_decode(buf, pos):
    # ShareGroupCurrentMemberAssignmentValue v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['member_epoch'], obj['previous_member_epoch'], obj['state'] = _unpack_from_iib(buf, pos)
    pos += 9
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ShareGroupCurrentMemberAssignmentValue.assigned_partitions")
    n1 -= 1
    if n1 > 1000000 or n1 * 18 > end - pos:
        raise _too_many(n1, end - pos, 'ShareGroupCurrentMemberAssignmentValue.assigned_partitions')
    obj['assigned_partitions'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['topic_id'], = _unpack_from_16s(buf, pos)
        pos += 16
        x1['topic_id'] = _uuid(x1['topic_id'])
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at ShareGroupCurrentMemberAssignmentValue.assigned_partitions[].partitions")
        n3 -= 1
        if n3 > 1000000 or n3 * 4 > end - pos:
            raise _too_many(n3, end - pos, 'ShareGroupCurrentMemberAssignmentValue.assigned_partitions[].partitions')
        x1['partitions'] = list(_unpack_from_i_arrays[n3](buf, pos) if n3 < 32 else _struct_unpack_from('>%di' % n3, buf, pos))
        pos += 4 * n3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ShareGroupCurrentMemberAssignmentValue.assigned_partitions[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ShareGroupCurrentMemberAssignmentValue')
    else:
        pos += 1
    return obj, pos


def _ShareGroupCurrentMemberAssignmentValue_v0_encode(obj, w):
    # ShareGroupCurrentMemberAssignmentValue v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_member_epoch = g0('member_epoch')
    if v0_member_epoch is None:
        v0_member_epoch = 0
    v0_previous_member_epoch = g0('previous_member_epoch')
    if v0_previous_member_epoch is None:
        v0_previous_member_epoch = 0
    v0_state = g0('state')
    if v0_state is None:
        v0_state = 0
    v0_assigned_partitions = g0('assigned_partitions')
    if v0_assigned_partitions is None:
        v0_assigned_partitions = []
    w(_pack_iib(v0_member_epoch, v0_previous_member_epoch, v0_state))
    n0 = len(v0_assigned_partitions) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_assigned_partitions:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_ShareGroupCurrentMemberAssignmentValue_v0_1
        w(v2_topic_id.bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(_pack_i_arrays[len(v2_partitions)](*v2_partitions) if len(v2_partitions) < 32 else _struct_pack('>%di' % len(v2_partitions), *v2_partitions))
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ShareGroupStatePartitionMetadataValue_v0_decode(buf, pos):
    # ShareGroupStatePartitionMetadataValue v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ShareGroupStatePartitionMetadataValue.initializing_topics")
    n1 -= 1
    if n1 > 1000000 or n1 * 19 > end - pos:
        raise _too_many(n1, end - pos, 'ShareGroupStatePartitionMetadataValue.initializing_topics')
    obj['initializing_topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['topic_id'], = _unpack_from_16s(buf, pos)
        pos += 16
        x1['topic_id'] = _uuid(x1['topic_id'])
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ShareGroupStatePartitionMetadataValue.initializing_topics[].topic_name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ShareGroupStatePartitionMetadataValue.initializing_topics[].topic_name')
        x1['topic_name'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at ShareGroupStatePartitionMetadataValue.initializing_topics[].partitions")
        n3 -= 1
        if n3 > 1000000 or n3 * 4 > end - pos:
            raise _too_many(n3, end - pos, 'ShareGroupStatePartitionMetadataValue.initializing_topics[].partitions')
        x1['partitions'] = list(_unpack_from_i_arrays[n3](buf, pos) if n3 < 32 else _struct_unpack_from('>%di' % n3, buf, pos))
        pos += 4 * n3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ShareGroupStatePartitionMetadataValue.initializing_topics[]')
        else:
            pos += 1
        a1.append(x1)
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ShareGroupStatePartitionMetadataValue.initialized_topics")
    n1 -= 1
    if n1 > 1000000 or n1 * 19 > end - pos:
        raise _too_many(n1, end - pos, 'ShareGroupStatePartitionMetadataValue.initialized_topics')
    obj['initialized_topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['topic_id'], = _unpack_from_16s(buf, pos)
        pos += 16
        x1['topic_id'] = _uuid(x1['topic_id'])
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ShareGroupStatePartitionMetadataValue.initialized_topics[].topic_name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ShareGroupStatePartitionMetadataValue.initialized_topics[].topic_name')
        x1['topic_name'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at ShareGroupStatePartitionMetadataValue.initialized_topics[].partitions")
        n3 -= 1
        if n3 > 1000000 or n3 * 4 > end - pos:
            raise _too_many(n3, end - pos, 'ShareGroupStatePartitionMetadataValue.initialized_topics[].partitions')
        x1['partitions'] = list(_unpack_from_i_arrays[n3](buf, pos) if n3 < 32 else _struct_unpack_from('>%di' % n3, buf, pos))
        pos += 4 * n3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ShareGroupStatePartitionMetadataValue.initialized_topics[]')
        else:
            pos += 1
        a1.append(x1)
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ShareGroupStatePartitionMetadataValue.deleting_topics")
    n1 -= 1
    if n1 > 1000000 or n1 * 18 > end - pos:
        raise _too_many(n1, end - pos, 'ShareGroupStatePartitionMetadataValue.deleting_topics')
    obj['deleting_topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['topic_id'], = _unpack_from_16s(buf, pos)
        pos += 16
        x1['topic_id'] = _uuid(x1['topic_id'])
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ShareGroupStatePartitionMetadataValue.deleting_topics[].topic_name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ShareGroupStatePartitionMetadataValue.deleting_topics[].topic_name')
        x1['topic_name'] = buf[pos:e3].decode()
        pos = e3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ShareGroupStatePartitionMetadataValue.deleting_topics[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ShareGroupStatePartitionMetadataValue')
    else:
        pos += 1
    return obj, pos


def _ShareGroupStatePartitionMetadataValue_v0_encode(obj, w):
    # ShareGroupStatePartitionMetadataValue v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_initializing_topics = g0('initializing_topics')
    if v0_initializing_topics is None:
        v0_initializing_topics = []
    n0 = len(v0_initializing_topics) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_initializing_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_ShareGroupStatePartitionMetadataValue_v0_1
        w(v2_topic_id.bytes)
        v2_topic_name = g2('topic_name')
        if v2_topic_name is None:
            v2_topic_name = ''
        v2_topic_name_bytes = v2_topic_name.encode()
        n2 = len(v2_topic_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_topic_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(_pack_i_arrays[len(v2_partitions)](*v2_partitions) if len(v2_partitions) < 32 else _struct_pack('>%di' % len(v2_partitions), *v2_partitions))
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_initialized_topics = g0('initialized_topics')
    if v0_initialized_topics is None:
        v0_initialized_topics = []
    n0 = len(v0_initialized_topics) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_initialized_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_ShareGroupStatePartitionMetadataValue_v0_1
        w(v2_topic_id.bytes)
        v2_topic_name = g2('topic_name')
        if v2_topic_name is None:
            v2_topic_name = ''
        v2_topic_name_bytes = v2_topic_name.encode()
        n2 = len(v2_topic_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_topic_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(_pack_i_arrays[len(v2_partitions)](*v2_partitions) if len(v2_partitions) < 32 else _struct_pack('>%di' % len(v2_partitions), *v2_partitions))
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_deleting_topics = g0('deleting_topics')
    if v0_deleting_topics is None:
        v0_deleting_topics = []
    n0 = len(v0_deleting_topics) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_deleting_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_ShareGroupStatePartitionMetadataValue_v0_1
        w(v2_topic_id.bytes)
        v2_topic_name = g2('topic_name')
        if v2_topic_name is None:
            v2_topic_name = ''
        v2_topic_name_bytes = v2_topic_name.encode()
        n2 = len(v2_topic_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_topic_name_bytes)
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ShareGroupMetadataValue_v0_2_decode(buf, pos):
    # ShareGroupMetadataValue v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['epoch'], = _unpack_from_i(buf, pos)
    pos += 4
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ShareGroupMetadataValue')
    else:
        pos += 1
    return obj, pos


def _ShareGroupMetadataValue_v0_2_encode(obj, w):
    # ShareGroupMetadataValue v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_epoch = g0('epoch')
    if v0_epoch is None:
        v0_epoch = 0
    w(_pack_i(v0_epoch))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ShareGroupStatePartitionMetadataValue_v0_2_decode(buf, pos):
    # ShareGroupStatePartitionMetadataValue v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ShareGroupStatePartitionMetadataValue.initialized_topics")
    n1 -= 1
    if n1 > 1000000 or n1 * 19 > end - pos:
        raise _too_many(n1, end - pos, 'ShareGroupStatePartitionMetadataValue.initialized_topics')
    obj['initialized_topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['topic_id'], = _unpack_from_16s(buf, pos)
        pos += 16
        x1['topic_id'] = _uuid(x1['topic_id'])
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ShareGroupStatePartitionMetadataValue.initialized_topics[].topic_name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ShareGroupStatePartitionMetadataValue.initialized_topics[].topic_name')
        x1['topic_name'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at ShareGroupStatePartitionMetadataValue.initialized_topics[].partitions")
        n3 -= 1
        if n3 > 1000000 or n3 * 4 > end - pos:
            raise _too_many(n3, end - pos, 'ShareGroupStatePartitionMetadataValue.initialized_topics[].partitions')
        x1['partitions'] = list(_unpack_from_i_arrays[n3](buf, pos) if n3 < 32 else _struct_unpack_from('>%di' % n3, buf, pos))
        pos += 4 * n3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ShareGroupStatePartitionMetadataValue.initialized_topics[]')
        else:
            pos += 1
        a1.append(x1)
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ShareGroupStatePartitionMetadataValue.deleting_topics")
    n1 -= 1
    if n1 > 1000000 or n1 * 18 > end - pos:
        raise _too_many(n1, end - pos, 'ShareGroupStatePartitionMetadataValue.deleting_topics')
    obj['deleting_topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['topic_id'], = _unpack_from_16s(buf, pos)
        pos += 16
        x1['topic_id'] = _uuid(x1['topic_id'])
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ShareGroupStatePartitionMetadataValue.deleting_topics[].topic_name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ShareGroupStatePartitionMetadataValue.deleting_topics[].topic_name')
        x1['topic_name'] = buf[pos:e3].decode()
        pos = e3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ShareGroupStatePartitionMetadataValue.deleting_topics[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ShareGroupStatePartitionMetadataValue')
    else:
        pos += 1
    return obj, pos


def _ShareGroupStatePartitionMetadataValue_v0_2_encode(obj, w):
    # ShareGroupStatePartitionMetadataValue v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_initialized_topics = g0('initialized_topics')
    if v0_initialized_topics is None:
        v0_initialized_topics = []
    n0 = len(v0_initialized_topics) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_initialized_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_ShareGroupStatePartitionMetadataValue_v0_2_1
        w(v2_topic_id.bytes)
        v2_topic_name = g2('topic_name')
        if v2_topic_name is None:
            v2_topic_name = ''
        v2_topic_name_bytes = v2_topic_name.encode()
        n2 = len(v2_topic_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_topic_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(_pack_i_arrays[len(v2_partitions)](*v2_partitions) if len(v2_partitions) < 32 else _struct_pack('>%di' % len(v2_partitions), *v2_partitions))
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_deleting_topics = g0('deleting_topics')
    if v0_deleting_topics is None:
        v0_deleting_topics = []
    n0 = len(v0_deleting_topics) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_deleting_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_ShareGroupStatePartitionMetadataValue_v0_2_1
        w(v2_topic_id.bytes)
        v2_topic_name = g2('topic_name')
        if v2_topic_name is None:
            v2_topic_name = ''
        v2_topic_name_bytes = v2_topic_name.encode()
        n2 = len(v2_topic_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_topic_name_bytes)
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields

_TAGS_ProduceResponse_v10_2 = {0: ('current_leader', _decode_tag_current_leader__ProduceResponse_v10_1)}
_TAGS_ProduceResponse_v10_5 = {0: ('node_endpoints', _decode_tag_node_endpoints__ProduceResponse_v10_4)}
_TAGS_ProduceResponse_v13_2 = {0: ('current_leader', _decode_tag_current_leader__ProduceResponse_v13_1)}
_TAGS_ProduceResponse_v13_4 = {0: ('node_endpoints', _decode_tag_node_endpoints__ProduceResponse_v13_3)}
_TAGS_FetchRequest_v12_3 = {0: ('cluster_id', _decode_tag_cluster_id__FetchRequest_v12_2)}
_TAGS_FetchRequest_v13_3 = {0: ('cluster_id', _decode_tag_cluster_id__FetchRequest_v13_2)}
_TAGS_FetchRequest_v15_4 = {0: ('cluster_id', _decode_tag_cluster_id__FetchRequest_v15_2), 1: ('replica_state', _decode_tag_replica_state__FetchRequest_v15_3)}
_TAGS_FetchRequest_v17_3 = {0: ('replica_directory_id', _decode_tag_replica_directory_id__FetchRequest_v17_2)}
_TAGS_FetchRequest_v17_6 = {0: ('cluster_id', _decode_tag_cluster_id__FetchRequest_v17_4), 1: ('replica_state', _decode_tag_replica_state__FetchRequest_v17_5)}
_TAGS_FetchRequest_v18_4 = {0: ('replica_directory_id', _decode_tag_replica_directory_id__FetchRequest_v18_2), 1: ('high_watermark', _decode_tag_high_watermark__FetchRequest_v18_3)}
_TAGS_FetchRequest_v18_7 = {0: ('cluster_id', _decode_tag_cluster_id__FetchRequest_v18_5), 1: ('replica_state', _decode_tag_replica_state__FetchRequest_v18_6)}
_TAGS_FetchResponse_v12_4 = {0: ('diverging_epoch', _decode_tag_diverging_epoch__FetchResponse_v12_1), 1: ('current_leader', _decode_tag_current_leader__FetchResponse_v12_2), 2: ('snapshot_id', _decode_tag_snapshot_id__FetchResponse_v12_3)}
_TAGS_FetchResponse_v13_4 = {0: ('diverging_epoch', _decode_tag_diverging_epoch__FetchResponse_v13_1), 1: ('current_leader', _decode_tag_current_leader__FetchResponse_v13_2), 2: ('snapshot_id', _decode_tag_snapshot_id__FetchResponse_v13_3)}
_TAGS_FetchResponse_v16_4 = {0: ('diverging_epoch', _decode_tag_diverging_epoch__FetchResponse_v16_1), 1: ('current_leader', _decode_tag_current_leader__FetchResponse_v16_2), 2: ('snapshot_id', _decode_tag_snapshot_id__FetchResponse_v16_3)}
_TAGS_FetchResponse_v16_6 = {0: ('node_endpoints', _decode_tag_node_endpoints__FetchResponse_v16_5)}
_TAGS_ApiVersionsResponse_v3_5 = {0: ('supported_features', _decode_tag_supported_features__ApiVersionsResponse_v3_1), 1: ('finalized_features_epoch', _decode_tag_finalized_features_epoch__ApiVersionsResponse_v3_2), 2: ('finalized_features', _decode_tag_finalized_features__ApiVersionsResponse_v3_3), 3: ('zk_migration_ready', _decode_tag_zk_migration_ready__ApiVersionsResponse_v3_4)}
_TAGS_ConsumerGroupMetadataValue_v0_3 = {0: ('metadata_hash', _decode_tag_metadata_hash__ConsumerGroupMetadataValue_v0_1), 1: ('creation_time_ms', _decode_tag_creation_time_ms__ConsumerGroupMetadataValue_v0_2)}
_TAGS_ConsumerGroupMemberMetadataValue_v0_2 = {0: ('classic_member_metadata', _decode_tag_classic_member_metadata__ConsumerGroupMemberMetadataValue_v0_1)}


CODECS = {
    '9144731b46e74674a848': {
        0: (_ProduceRequest_v0_decode, _ProduceRequest_v0_encode),
        1: (_ProduceRequest_v0_decode, _ProduceRequest_v0_encode),
        2: (_ProduceRequest_v0_decode, _ProduceRequest_v0_encode),
        3: (_ProduceRequest_v3_decode, _ProduceRequest_v3_encode),
        4: (_ProduceRequest_v3_decode, _ProduceRequest_v3_encode),
        5: (_ProduceRequest_v3_decode, _ProduceRequest_v3_encode),
        6: (_ProduceRequest_v3_decode, _ProduceRequest_v3_encode),
        7: (_ProduceRequest_v3_decode, _ProduceRequest_v3_encode),
        8: (_ProduceRequest_v3_decode, _ProduceRequest_v3_encode),
        9: (_ProduceRequest_v9_decode, _ProduceRequest_v9_encode),
        10: (_ProduceRequest_v9_decode, _ProduceRequest_v9_encode),
        11: (_ProduceRequest_v9_decode, _ProduceRequest_v9_encode),
        12: (_ProduceRequest_v9_decode, _ProduceRequest_v9_encode),
        13: (_ProduceRequest_v13_decode, _ProduceRequest_v13_encode),
    },
    '5d252b53856a38eccd43': {
        0: (_ProduceResponse_v0_decode, _ProduceResponse_v0_encode),
        1: (_ProduceResponse_v1_decode, _ProduceResponse_v1_encode),
        2: (_ProduceResponse_v2_decode, _ProduceResponse_v2_encode),
        3: (_ProduceResponse_v2_decode, _ProduceResponse_v2_encode),
        4: (_ProduceResponse_v2_decode, _ProduceResponse_v2_encode),
        5: (_ProduceResponse_v5_decode, _ProduceResponse_v5_encode),
        6: (_ProduceResponse_v5_decode, _ProduceResponse_v5_encode),
        7: (_ProduceResponse_v5_decode, _ProduceResponse_v5_encode),
        8: (_ProduceResponse_v8_decode, _ProduceResponse_v8_encode),
        9: (_ProduceResponse_v9_decode, _ProduceResponse_v9_encode),
        10: (_ProduceResponse_v10_decode, _ProduceResponse_v10_encode),
        11: (_ProduceResponse_v10_decode, _ProduceResponse_v10_encode),
        12: (_ProduceResponse_v10_decode, _ProduceResponse_v10_encode),
        13: (_ProduceResponse_v13_decode, _ProduceResponse_v13_encode),
    },
    'dd4fe588bcf059e86f29': {
        0: (_FetchRequest_v0_decode, _FetchRequest_v0_encode),
        1: (_FetchRequest_v0_decode, _FetchRequest_v0_encode),
        2: (_FetchRequest_v0_decode, _FetchRequest_v0_encode),
        3: (_FetchRequest_v3_decode, _FetchRequest_v3_encode),
        4: (_FetchRequest_v4_decode, _FetchRequest_v4_encode),
        5: (_FetchRequest_v5_decode, _FetchRequest_v5_encode),
        6: (_FetchRequest_v5_decode, _FetchRequest_v5_encode),
        7: (_FetchRequest_v7_decode, _FetchRequest_v7_encode),
        8: (_FetchRequest_v7_decode, _FetchRequest_v7_encode),
        9: (_FetchRequest_v9_decode, _FetchRequest_v9_encode),
        10: (_FetchRequest_v9_decode, _FetchRequest_v9_encode),
        11: (_FetchRequest_v11_decode, _FetchRequest_v11_encode),
        12: (_FetchRequest_v12_decode, _FetchRequest_v12_encode),
        13: (_FetchRequest_v13_decode, _FetchRequest_v13_encode),
        14: (_FetchRequest_v13_decode, _FetchRequest_v13_encode),
        15: (_FetchRequest_v15_decode, _FetchRequest_v15_encode),
        16: (_FetchRequest_v15_decode, _FetchRequest_v15_encode),
        17: (_FetchRequest_v17_decode, _FetchRequest_v17_encode),
        18: (_FetchRequest_v18_decode, _FetchRequest_v18_encode),
    },
    '80dc3ccc3dcf84eebd2f': {
        0: (_FetchResponse_v0_decode, _FetchResponse_v0_encode),
        1: (_FetchResponse_v1_decode, _FetchResponse_v1_encode),
        2: (_FetchResponse_v1_decode, _FetchResponse_v1_encode),
        3: (_FetchResponse_v1_decode, _FetchResponse_v1_encode),
        4: (_FetchResponse_v4_decode, _FetchResponse_v4_encode),
        5: (_FetchResponse_v5_decode, _FetchResponse_v5_encode),
        6: (_FetchResponse_v5_decode, _FetchResponse_v5_encode),
        7: (_FetchResponse_v7_decode, _FetchResponse_v7_encode),
        8: (_FetchResponse_v7_decode, _FetchResponse_v7_encode),
        9: (_FetchResponse_v7_decode, _FetchResponse_v7_encode),
        10: (_FetchResponse_v7_decode, _FetchResponse_v7_encode),
        11: (_FetchResponse_v11_decode, _FetchResponse_v11_encode),
        12: (_FetchResponse_v12_decode, _FetchResponse_v12_encode),
        13: (_FetchResponse_v13_decode, _FetchResponse_v13_encode),
        14: (_FetchResponse_v13_decode, _FetchResponse_v13_encode),
        15: (_FetchResponse_v13_decode, _FetchResponse_v13_encode),
        16: (_FetchResponse_v16_decode, _FetchResponse_v16_encode),
        17: (_FetchResponse_v16_decode, _FetchResponse_v16_encode),
        18: (_FetchResponse_v16_decode, _FetchResponse_v16_encode),
    },
    '959a7306108c788104ce': {
        0: (_ListOffsetsRequest_v0_decode, _ListOffsetsRequest_v0_encode),
        1: (_ListOffsetsRequest_v1_decode, _ListOffsetsRequest_v1_encode),
        2: (_ListOffsetsRequest_v2_decode, _ListOffsetsRequest_v2_encode),
        3: (_ListOffsetsRequest_v2_decode, _ListOffsetsRequest_v2_encode),
        4: (_ListOffsetsRequest_v4_decode, _ListOffsetsRequest_v4_encode),
        5: (_ListOffsetsRequest_v4_decode, _ListOffsetsRequest_v4_encode),
        6: (_ListOffsetsRequest_v6_decode, _ListOffsetsRequest_v6_encode),
        7: (_ListOffsetsRequest_v6_decode, _ListOffsetsRequest_v6_encode),
        8: (_ListOffsetsRequest_v6_decode, _ListOffsetsRequest_v6_encode),
        9: (_ListOffsetsRequest_v6_decode, _ListOffsetsRequest_v6_encode),
        10: (_ListOffsetsRequest_v10_decode, _ListOffsetsRequest_v10_encode),
    },
    'b1cf6eebcb9ff05b30f6': {
        0: (_ListOffsetsResponse_v0_decode, _ListOffsetsResponse_v0_encode),
        1: (_ListOffsetsResponse_v1_decode, _ListOffsetsResponse_v1_encode),
        2: (_ListOffsetsResponse_v2_decode, _ListOffsetsResponse_v2_encode),
        3: (_ListOffsetsResponse_v2_decode, _ListOffsetsResponse_v2_encode),
        4: (_ListOffsetsResponse_v4_decode, _ListOffsetsResponse_v4_encode),
        5: (_ListOffsetsResponse_v4_decode, _ListOffsetsResponse_v4_encode),
        6: (_ListOffsetsResponse_v6_decode, _ListOffsetsResponse_v6_encode),
        7: (_ListOffsetsResponse_v6_decode, _ListOffsetsResponse_v6_encode),
        8: (_ListOffsetsResponse_v6_decode, _ListOffsetsResponse_v6_encode),
        9: (_ListOffsetsResponse_v6_decode, _ListOffsetsResponse_v6_encode),
        10: (_ListOffsetsResponse_v6_decode, _ListOffsetsResponse_v6_encode),
    },
    'd8968004a11a75090ff8': {
        0: (_OffsetCommitRequest_v0_decode, _OffsetCommitRequest_v0_encode),
        1: (_OffsetCommitRequest_v1_decode, _OffsetCommitRequest_v1_encode),
        2: (_OffsetCommitRequest_v2_decode, _OffsetCommitRequest_v2_encode),
        3: (_OffsetCommitRequest_v2_decode, _OffsetCommitRequest_v2_encode),
        4: (_OffsetCommitRequest_v2_decode, _OffsetCommitRequest_v2_encode),
        5: (_OffsetCommitRequest_v5_decode, _OffsetCommitRequest_v5_encode),
        6: (_OffsetCommitRequest_v6_decode, _OffsetCommitRequest_v6_encode),
        7: (_OffsetCommitRequest_v7_decode, _OffsetCommitRequest_v7_encode),
        8: (_OffsetCommitRequest_v8_decode, _OffsetCommitRequest_v8_encode),
        9: (_OffsetCommitRequest_v8_decode, _OffsetCommitRequest_v8_encode),
    },
    '35a4d36e509f212a4eac': {
        0: (_OffsetCommitResponse_v0_decode, _OffsetCommitResponse_v0_encode),
        1: (_OffsetCommitResponse_v0_decode, _OffsetCommitResponse_v0_encode),
        2: (_OffsetCommitResponse_v0_decode, _OffsetCommitResponse_v0_encode),
        3: (_OffsetCommitResponse_v3_decode, _OffsetCommitResponse_v3_encode),
        4: (_OffsetCommitResponse_v3_decode, _OffsetCommitResponse_v3_encode),
        5: (_OffsetCommitResponse_v3_decode, _OffsetCommitResponse_v3_encode),
        6: (_OffsetCommitResponse_v3_decode, _OffsetCommitResponse_v3_encode),
        7: (_OffsetCommitResponse_v3_decode, _OffsetCommitResponse_v3_encode),
        8: (_OffsetCommitResponse_v8_decode, _OffsetCommitResponse_v8_encode),
        9: (_OffsetCommitResponse_v8_decode, _OffsetCommitResponse_v8_encode),
    },
    '18a48d11d1bd7f7cc505': {
        0: (_OffsetFetchRequest_v0_decode, _OffsetFetchRequest_v0_encode),
        1: (_OffsetFetchRequest_v0_decode, _OffsetFetchRequest_v0_encode),
        2: (_OffsetFetchRequest_v2_decode, _OffsetFetchRequest_v2_encode),
        3: (_OffsetFetchRequest_v2_decode, _OffsetFetchRequest_v2_encode),
        4: (_OffsetFetchRequest_v2_decode, _OffsetFetchRequest_v2_encode),
        5: (_OffsetFetchRequest_v2_decode, _OffsetFetchRequest_v2_encode),
        6: (_OffsetFetchRequest_v6_decode, _OffsetFetchRequest_v6_encode),
        7: (_OffsetFetchRequest_v7_decode, _OffsetFetchRequest_v7_encode),
        8: (_OffsetFetchRequest_v8_decode, _OffsetFetchRequest_v8_encode),
        9: (_OffsetFetchRequest_v9_decode, _OffsetFetchRequest_v9_encode),
    },
    '6c911f2626c0f9736603': {
        0: (_OffsetFetchResponse_v0_decode, _OffsetFetchResponse_v0_encode),
        1: (_OffsetFetchResponse_v0_decode, _OffsetFetchResponse_v0_encode),
        2: (_OffsetFetchResponse_v2_decode, _OffsetFetchResponse_v2_encode),
        3: (_OffsetFetchResponse_v3_decode, _OffsetFetchResponse_v3_encode),
        4: (_OffsetFetchResponse_v3_decode, _OffsetFetchResponse_v3_encode),
        5: (_OffsetFetchResponse_v5_decode, _OffsetFetchResponse_v5_encode),
        6: (_OffsetFetchResponse_v6_decode, _OffsetFetchResponse_v6_encode),
        7: (_OffsetFetchResponse_v6_decode, _OffsetFetchResponse_v6_encode),
        8: (_OffsetFetchResponse_v8_decode, _OffsetFetchResponse_v8_encode),
        9: (_OffsetFetchResponse_v8_decode, _OffsetFetchResponse_v8_encode),
    },
    '1567a76675168fee8350': {
        0: (_FindCoordinatorRequest_v0_decode, _FindCoordinatorRequest_v0_encode),
        1: (_FindCoordinatorRequest_v1_decode, _FindCoordinatorRequest_v1_encode),
        2: (_FindCoordinatorRequest_v1_decode, _FindCoordinatorRequest_v1_encode),
        3: (_FindCoordinatorRequest_v3_decode, _FindCoordinatorRequest_v3_encode),
        4: (_FindCoordinatorRequest_v4_decode, _FindCoordinatorRequest_v4_encode),
        5: (_FindCoordinatorRequest_v4_decode, _FindCoordinatorRequest_v4_encode),
        6: (_FindCoordinatorRequest_v4_decode, _FindCoordinatorRequest_v4_encode),
    },
    '97dac4e19ce506aa1c3e': {
        0: (_FindCoordinatorResponse_v0_decode, _FindCoordinatorResponse_v0_encode),
        1: (_FindCoordinatorResponse_v1_decode, _FindCoordinatorResponse_v1_encode),
        2: (_FindCoordinatorResponse_v1_decode, _FindCoordinatorResponse_v1_encode),
        3: (_FindCoordinatorResponse_v3_decode, _FindCoordinatorResponse_v3_encode),
        4: (_FindCoordinatorResponse_v4_decode, _FindCoordinatorResponse_v4_encode),
        5: (_FindCoordinatorResponse_v4_decode, _FindCoordinatorResponse_v4_encode),
        6: (_FindCoordinatorResponse_v4_decode, _FindCoordinatorResponse_v4_encode),
    },
    'df2015b7b8c81b691ddf': {
        0: (_JoinGroupRequest_v0_decode, _JoinGroupRequest_v0_encode),
        1: (_JoinGroupRequest_v1_decode, _JoinGroupRequest_v1_encode),
        2: (_JoinGroupRequest_v1_decode, _JoinGroupRequest_v1_encode),
        3: (_JoinGroupRequest_v1_decode, _JoinGroupRequest_v1_encode),
        4: (_JoinGroupRequest_v1_decode, _JoinGroupRequest_v1_encode),
        5: (_JoinGroupRequest_v5_decode, _JoinGroupRequest_v5_encode),
        6: (_JoinGroupRequest_v6_decode, _JoinGroupRequest_v6_encode),
        7: (_JoinGroupRequest_v6_decode, _JoinGroupRequest_v6_encode),
        8: (_JoinGroupRequest_v8_decode, _JoinGroupRequest_v8_encode),
        9: (_JoinGroupRequest_v8_decode, _JoinGroupRequest_v8_encode),
    },
    '6b29c9c7994e09291663': {
        0: (_JoinGroupResponse_v0_decode, _JoinGroupResponse_v0_encode),
        1: (_JoinGroupResponse_v0_decode, _JoinGroupResponse_v0_encode),
        2: (_JoinGroupResponse_v2_decode, _JoinGroupResponse_v2_encode),
        3: (_JoinGroupResponse_v2_decode, _JoinGroupResponse_v2_encode),
        4: (_JoinGroupResponse_v2_decode, _JoinGroupResponse_v2_encode),
        5: (_JoinGroupResponse_v5_decode, _JoinGroupResponse_v5_encode),
        6: (_JoinGroupResponse_v6_decode, _JoinGroupResponse_v6_encode),
        7: (_JoinGroupResponse_v7_decode, _JoinGroupResponse_v7_encode),
        8: (_JoinGroupResponse_v7_decode, _JoinGroupResponse_v7_encode),
        9: (_JoinGroupResponse_v9_decode, _JoinGroupResponse_v9_encode),
    },
    '66515630292d4be1f36e': {
        0: (_HeartbeatRequest_v0_decode, _HeartbeatRequest_v0_encode),
        1: (_HeartbeatRequest_v0_decode, _HeartbeatRequest_v0_encode),
        2: (_HeartbeatRequest_v0_decode, _HeartbeatRequest_v0_encode),
        3: (_HeartbeatRequest_v3_decode, _HeartbeatRequest_v3_encode),
        4: (_HeartbeatRequest_v4_decode, _HeartbeatRequest_v4_encode),
    },
    '9e387b7c82bbdab737c1': {
        0: (_HeartbeatResponse_v0_decode, _HeartbeatResponse_v0_encode),
        1: (_HeartbeatResponse_v1_decode, _HeartbeatResponse_v1_encode),
        2: (_HeartbeatResponse_v1_decode, _HeartbeatResponse_v1_encode),
        3: (_HeartbeatResponse_v1_decode, _HeartbeatResponse_v1_encode),
        4: (_HeartbeatResponse_v4_decode, _HeartbeatResponse_v4_encode),
    },
    'b55047e06d354ef94da2': {
        0: (_LeaveGroupRequest_v0_decode, _LeaveGroupRequest_v0_encode),
        1: (_LeaveGroupRequest_v0_decode, _LeaveGroupRequest_v0_encode),
        2: (_LeaveGroupRequest_v0_decode, _LeaveGroupRequest_v0_encode),
        3: (_LeaveGroupRequest_v3_decode, _LeaveGroupRequest_v3_encode),
        4: (_LeaveGroupRequest_v4_decode, _LeaveGroupRequest_v4_encode),
        5: (_LeaveGroupRequest_v5_decode, _LeaveGroupRequest_v5_encode),
    },
    '22b22853eb7121f4e6d3': {
        0: (_LeaveGroupResponse_v0_decode, _LeaveGroupResponse_v0_encode),
        1: (_LeaveGroupResponse_v1_decode, _LeaveGroupResponse_v1_encode),
        2: (_LeaveGroupResponse_v1_decode, _LeaveGroupResponse_v1_encode),
        3: (_LeaveGroupResponse_v3_decode, _LeaveGroupResponse_v3_encode),
        4: (_LeaveGroupResponse_v4_decode, _LeaveGroupResponse_v4_encode),
        5: (_LeaveGroupResponse_v4_decode, _LeaveGroupResponse_v4_encode),
    },
    'c13d3ab40267780b1f4f': {
        0: (_SyncGroupRequest_v0_decode, _SyncGroupRequest_v0_encode),
        1: (_SyncGroupRequest_v0_decode, _SyncGroupRequest_v0_encode),
        2: (_SyncGroupRequest_v0_decode, _SyncGroupRequest_v0_encode),
        3: (_SyncGroupRequest_v3_decode, _SyncGroupRequest_v3_encode),
        4: (_SyncGroupRequest_v4_decode, _SyncGroupRequest_v4_encode),
        5: (_SyncGroupRequest_v5_decode, _SyncGroupRequest_v5_encode),
    },
    'c4430b6e3a00d4d22d30': {
        0: (_SyncGroupResponse_v0_decode, _SyncGroupResponse_v0_encode),
        1: (_SyncGroupResponse_v1_decode, _SyncGroupResponse_v1_encode),
        2: (_SyncGroupResponse_v1_decode, _SyncGroupResponse_v1_encode),
        3: (_SyncGroupResponse_v1_decode, _SyncGroupResponse_v1_encode),
        4: (_SyncGroupResponse_v4_decode, _SyncGroupResponse_v4_encode),
        5: (_SyncGroupResponse_v5_decode, _SyncGroupResponse_v5_encode),
    },
    'd87dedbadbdc9b88c1c6': {
        0: (_ApiVersionsRequest_v0_decode, _ApiVersionsRequest_v0_encode),
        1: (_ApiVersionsRequest_v0_decode, _ApiVersionsRequest_v0_encode),
        2: (_ApiVersionsRequest_v0_decode, _ApiVersionsRequest_v0_encode),
        3: (_ApiVersionsRequest_v3_decode, _ApiVersionsRequest_v3_encode),
        4: (_ApiVersionsRequest_v3_decode, _ApiVersionsRequest_v3_encode),
    },
    '557aedc023b5de5dff7b': {
        0: (_ApiVersionsResponse_v0_decode, _ApiVersionsResponse_v0_encode),
        1: (_ApiVersionsResponse_v1_decode, _ApiVersionsResponse_v1_encode),
        2: (_ApiVersionsResponse_v1_decode, _ApiVersionsResponse_v1_encode),
        3: (_ApiVersionsResponse_v3_decode, _ApiVersionsResponse_v3_encode),
        4: (_ApiVersionsResponse_v3_decode, _ApiVersionsResponse_v3_encode),
    },
    '7f9615c303fd0ce74223': {
        0: (_InitProducerIdRequest_v0_decode, _InitProducerIdRequest_v0_encode),
        1: (_InitProducerIdRequest_v0_decode, _InitProducerIdRequest_v0_encode),
        2: (_InitProducerIdRequest_v2_decode, _InitProducerIdRequest_v2_encode),
        3: (_InitProducerIdRequest_v3_decode, _InitProducerIdRequest_v3_encode),
        4: (_InitProducerIdRequest_v3_decode, _InitProducerIdRequest_v3_encode),
        5: (_InitProducerIdRequest_v3_decode, _InitProducerIdRequest_v3_encode),
    },
    '00b74d581c519e55f75d': {
        0: (_InitProducerIdResponse_v0_decode, _InitProducerIdResponse_v0_encode),
        1: (_InitProducerIdResponse_v0_decode, _InitProducerIdResponse_v0_encode),
        2: (_InitProducerIdResponse_v2_decode, _InitProducerIdResponse_v2_encode),
        3: (_InitProducerIdResponse_v2_decode, _InitProducerIdResponse_v2_encode),
        4: (_InitProducerIdResponse_v2_decode, _InitProducerIdResponse_v2_encode),
        5: (_InitProducerIdResponse_v2_decode, _InitProducerIdResponse_v2_encode),
    },
    'f2b76af0bcd597d90c65': {
        0: (_ConsumerGroupHeartbeatRequest_v0_decode, _ConsumerGroupHeartbeatRequest_v0_encode),
        1: (_ConsumerGroupHeartbeatRequest_v1_decode, _ConsumerGroupHeartbeatRequest_v1_encode),
    },
    '0afe0f0eb914ca77b5b0': {
        0: (_ConsumerGroupHeartbeatResponse_v0_decode, _ConsumerGroupHeartbeatResponse_v0_encode),
        1: (_ConsumerGroupHeartbeatResponse_v0_decode, _ConsumerGroupHeartbeatResponse_v0_encode),
    },
    '9f9dfce0181aac62682a': {
        1: (_ShareGroupHeartbeatRequest_v1_decode, _ShareGroupHeartbeatRequest_v1_encode),
    },
    'a895f3f3075f80609125': {
        1: (_ShareGroupHeartbeatResponse_v1_decode, _ShareGroupHeartbeatResponse_v1_encode),
    },
    'a0edce33a4b430488db1': {
        0: (_AddPartitionsToTxnRequest_v0_decode, _AddPartitionsToTxnRequest_v0_encode),
        1: (_AddPartitionsToTxnRequest_v0_decode, _AddPartitionsToTxnRequest_v0_encode),
        2: (_AddPartitionsToTxnRequest_v0_decode, _AddPartitionsToTxnRequest_v0_encode),
        3: (_AddPartitionsToTxnRequest_v3_decode, _AddPartitionsToTxnRequest_v3_encode),
    },
    '0d29406f7f9d6fa96a42': {
        0: (_AddPartitionsToTxnResponse_v0_decode, _AddPartitionsToTxnResponse_v0_encode),
        1: (_AddPartitionsToTxnResponse_v0_decode, _AddPartitionsToTxnResponse_v0_encode),
        2: (_AddPartitionsToTxnResponse_v0_decode, _AddPartitionsToTxnResponse_v0_encode),
        3: (_AddPartitionsToTxnResponse_v3_decode, _AddPartitionsToTxnResponse_v3_encode),
    },
    '53ac6240ce2923c972e2': {
        0: (_AddOffsetsToTxnRequest_v0_decode, _AddOffsetsToTxnRequest_v0_encode),
        1: (_AddOffsetsToTxnRequest_v0_decode, _AddOffsetsToTxnRequest_v0_encode),
        2: (_AddOffsetsToTxnRequest_v0_decode, _AddOffsetsToTxnRequest_v0_encode),
        3: (_AddOffsetsToTxnRequest_v3_decode, _AddOffsetsToTxnRequest_v3_encode),
    },
    'bf53a0702cecdc06f05c': {
        0: (_HeartbeatResponse_v1_decode, _HeartbeatResponse_v1_encode),
        1: (_HeartbeatResponse_v1_decode, _HeartbeatResponse_v1_encode),
        2: (_HeartbeatResponse_v1_decode, _HeartbeatResponse_v1_encode),
        3: (_AddOffsetsToTxnResponse_v3_decode, _AddOffsetsToTxnResponse_v3_encode),
    },
    'ebee8d0a73468662dc2e': {
        0: (_EndTxnRequest_v0_decode, _EndTxnRequest_v0_encode),
        1: (_EndTxnRequest_v0_decode, _EndTxnRequest_v0_encode),
        2: (_EndTxnRequest_v0_decode, _EndTxnRequest_v0_encode),
        3: (_EndTxnRequest_v3_decode, _EndTxnRequest_v3_encode),
        4: (_EndTxnRequest_v3_decode, _EndTxnRequest_v3_encode),
    },
    'f7291443c9195cf738bd': {
        0: (_HeartbeatResponse_v1_decode, _HeartbeatResponse_v1_encode),
        1: (_HeartbeatResponse_v1_decode, _HeartbeatResponse_v1_encode),
        2: (_HeartbeatResponse_v1_decode, _HeartbeatResponse_v1_encode),
        3: (_EndTxnResponse_v3_decode, _EndTxnResponse_v3_encode),
        4: (_EndTxnResponse_v3_decode, _EndTxnResponse_v3_encode),
    },
    'ac3c842976037736c026': {
        0: (_WriteTxnMarkersRequest_v0_decode, _WriteTxnMarkersRequest_v0_encode),
        1: (_WriteTxnMarkersRequest_v1_decode, _WriteTxnMarkersRequest_v1_encode),
    },
    'c766cadebdc3530cb53d': {
        0: (_WriteTxnMarkersResponse_v0_decode, _WriteTxnMarkersResponse_v0_encode),
        1: (_WriteTxnMarkersResponse_v1_decode, _WriteTxnMarkersResponse_v1_encode),
    },
    '55acbdc09feb18878d45': {
        0: (_TxnOffsetCommitRequest_v0_decode, _TxnOffsetCommitRequest_v0_encode),
        1: (_TxnOffsetCommitRequest_v0_decode, _TxnOffsetCommitRequest_v0_encode),
        2: (_TxnOffsetCommitRequest_v2_decode, _TxnOffsetCommitRequest_v2_encode),
        3: (_TxnOffsetCommitRequest_v3_decode, _TxnOffsetCommitRequest_v3_encode),
        4: (_TxnOffsetCommitRequest_v3_decode, _TxnOffsetCommitRequest_v3_encode),
    },
    '92e79ad41d9e65f26170': {
        0: (_TxnOffsetCommitResponse_v0_decode, _TxnOffsetCommitResponse_v0_encode),
        1: (_TxnOffsetCommitResponse_v0_decode, _TxnOffsetCommitResponse_v0_encode),
        2: (_TxnOffsetCommitResponse_v0_decode, _TxnOffsetCommitResponse_v0_encode),
        3: (_TxnOffsetCommitResponse_v3_decode, _TxnOffsetCommitResponse_v3_encode),
        4: (_TxnOffsetCommitResponse_v3_decode, _TxnOffsetCommitResponse_v3_encode),
    },
    '8616fa1fd010ad90343b': {
        0: (_OffsetCommitKey_v0_decode, _OffsetCommitKey_v0_encode),
        1: (_OffsetCommitKey_v0_decode, _OffsetCommitKey_v0_encode),
    },
    'ff7e1e1eb83583bf9bed': {
        0: (_OffsetCommitValue_v0_decode, _OffsetCommitValue_v0_encode),
        1: (_OffsetCommitValue_v1_decode, _OffsetCommitValue_v1_encode),
        2: (_OffsetCommitValue_v0_decode, _OffsetCommitValue_v0_encode),
        3: (_OffsetCommitValue_v3_decode, _OffsetCommitValue_v3_encode),
        4: (_OffsetCommitValue_v4_decode, _OffsetCommitValue_v4_encode),
    },
    '3056e6dd3524d4b870f8': {
        2: (_GroupMetadataKey_v2_decode, _GroupMetadataKey_v2_encode),
    },
    '4f952673b191eaab2ea3': {
        0: (_GroupMetadataValue_v0_decode, _GroupMetadataValue_v0_encode),
        1: (_GroupMetadataValue_v1_decode, _GroupMetadataValue_v1_encode),
        2: (_GroupMetadataValue_v2_decode, _GroupMetadataValue_v2_encode),
        3: (_GroupMetadataValue_v3_decode, _GroupMetadataValue_v3_encode),
        4: (_GroupMetadataValue_v4_decode, _GroupMetadataValue_v4_encode),
    },
    '4d2d58228069e300a514': {
        3: (_ConsumerGroupMetadataKey_v3_decode, _ConsumerGroupMetadataKey_v3_encode),
    },
    '18de60d40e811477701a': {
        4: (_ConsumerGroupPartitionMetadataKey_v4_decode, _ConsumerGroupPartitionMetadataKey_v4_encode),
    },
    'c552704cd4ade502b497': {
        5: (_ConsumerGroupMemberMetadataKey_v5_decode, _ConsumerGroupMemberMetadataKey_v5_encode),
    },
    '27e8f84458de1cbdf042': {
        6: (_ConsumerGroupTargetAssignmentMetadataKey_v6_decode, _ConsumerGroupTargetAssignmentMetadataKey_v6_encode),
    },
    '621cb50bf1eb90ea0e3a': {
        7: (_ConsumerGroupTargetAssignmentMemberKey_v7_decode, _ConsumerGroupTargetAssignmentMemberKey_v7_encode),
    },
    '4e2d1933beedf624d066': {
        8: (_ConsumerGroupCurrentMemberAssignmentKey_v8_decode, _ConsumerGroupCurrentMemberAssignmentKey_v8_encode),
    },
    '7e3ed4a916885910ebc0': {
        16: (_ConsumerGroupRegularExpressionKey_v16_decode, _ConsumerGroupRegularExpressionKey_v16_encode),
    },
    '1213d6f5e93426417c18': {
        0: (_ConsumerGroupMetadataValue_v0_decode, _ConsumerGroupMetadataValue_v0_encode),
    },
    '33772c58400705b451c9': {
        0: (_ConsumerGroupPartitionMetadataValue_v0_decode, _ConsumerGroupPartitionMetadataValue_v0_encode),
    },
    '37c76d179e5cca207731': {
        0: (_ConsumerGroupMemberMetadataValue_v0_decode, _ConsumerGroupMemberMetadataValue_v0_encode),
    },
    '976aabd4905b17ef3473': {
        0: (_ConsumerGroupTargetAssignmentMetadataValue_v0_decode, _ConsumerGroupTargetAssignmentMetadataValue_v0_encode),
    },
    '72aed86bf11ce9143606': {
        0: (_ConsumerGroupTargetAssignmentMemberValue_v0_decode, _ConsumerGroupTargetAssignmentMemberValue_v0_encode),
    },
    '4ac0d726b1e3ccfd3c16': {
        0: (_ConsumerGroupCurrentMemberAssignmentValue_v0_decode, _ConsumerGroupCurrentMemberAssignmentValue_v0_encode),
    },
    '07f3fd778724b20aa789': {
        0: (_ConsumerGroupRegularExpressionValue_v0_decode, _ConsumerGroupRegularExpressionValue_v0_encode),
    },
    '5ae12bb2235743c30937': {
        9: (_ShareGroupPartitionMetadataKey_v9_decode, _ShareGroupPartitionMetadataKey_v9_encode),
    },
    'd29f3f2f791ea84dfd08': {
        10: (_ShareGroupMemberMetadataKey_v10_decode, _ShareGroupMemberMetadataKey_v10_encode),
    },
    '5d33066b1c59a7f1ae1f': {
        11: (_ShareGroupMetadataKey_v11_decode, _ShareGroupMetadataKey_v11_encode),
    },
    'e15b450f4e58bdf6512d': {
        12: (_ShareGroupTargetAssignmentMetadataKey_v12_decode, _ShareGroupTargetAssignmentMetadataKey_v12_encode),
    },
    '2b0f310383e9236c6fd9': {
        13: (_ShareGroupTargetAssignmentMemberKey_v13_decode, _ShareGroupTargetAssignmentMemberKey_v13_encode),
    },
    'a096ef43a5468f2d402d': {
        14: (_ShareGroupCurrentMemberAssignmentKey_v14_decode, _ShareGroupCurrentMemberAssignmentKey_v14_encode),
    },
    '8380a0c640935f6f2904': {
        15: (_ShareGroupStatePartitionMetadataKey_v15_decode, _ShareGroupStatePartitionMetadataKey_v15_encode),
    },
    '9b2b1d1b6fc9b25083c6': {
        0: (_ShareGroupPartitionMetadataValue_v0_decode, _ShareGroupPartitionMetadataValue_v0_encode),
    },
    'db96d25c809636e5e364': {
        0: (_ShareGroupMemberMetadataValue_v0_decode, _ShareGroupMemberMetadataValue_v0_encode),
    },
    'd726eca31b4b5dc99bbb': {
        0: (_ShareGroupMetadataValue_v0_decode, _ShareGroupMetadataValue_v0_encode),
    },
    'ba8659896e2f5cecda7c': {
        0: (_ShareGroupTargetAssignmentMetadataValue_v0_decode, _ShareGroupTargetAssignmentMetadataValue_v0_encode),
    },
    'f23fa7dea32332ce1129': {
        0: (_ShareGroupTargetAssignmentMemberValue_v0_decode, _ShareGroupTargetAssignmentMemberValue_v0_encode),
    },
    '3a0fd1e626ae74567cfa': {
        0: (_ShareGroupCurrentMemberAssignmentValue_v0_decode, _ShareGroupCurrentMemberAssignmentValue_v0_encode),
    },
    '5daeaf4956c9c4d48942': {
        0: (_ShareGroupStatePartitionMetadataValue_v0_decode, _ShareGroupStatePartitionMetadataValue_v0_encode),
    },
    'df2dbc82b35f6d024556': {
        0: (_ShareGroupMetadataValue_v0_2_decode, _ShareGroupMetadataValue_v0_2_encode),
    },
    'ac7116c180d62e22ba29': {
        0: (_ShareGroupStatePartitionMetadataValue_v0_2_decode, _ShareGroupStatePartitionMetadataValue_v0_2_encode),
    },
}
