"""Codecs of declared message versions, not compiled (protocol/codegen.py): do not edit.

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

_unpack_from_i = _struct.Struct('>i').unpack_from
_unpack_from_h = _struct.Struct('>h').unpack_from
_D_MetadataRequest_v0_1 = _UUID('00000000-0000-0000-0000-000000000000')
_pack_i = _struct.Struct('>i').pack
_pack_h = _struct.Struct('>h').pack
_D_MetadataRequest_v1_1 = _UUID('00000000-0000-0000-0000-000000000000')
_D_MetadataRequest_v4_1 = _UUID('00000000-0000-0000-0000-000000000000')
_unpack_from_o = _struct.Struct('>?').unpack_from
_pack_o = _struct.Struct('>?').pack
_D_MetadataRequest_v8_1 = _UUID('00000000-0000-0000-0000-000000000000')
_unpack_from_ooo = _struct.Struct('>???').unpack_from
_pack_ooo = _struct.Struct('>???').pack
_D_MetadataRequest_v9_1 = _UUID('00000000-0000-0000-0000-000000000000')
_unpack_from_16s = _struct.Struct('>16s').unpack_from
_D_MetadataRequest_v10_1 = _UUID('00000000-0000-0000-0000-000000000000')
_unpack_from_oo = _struct.Struct('>??').unpack_from
_D_MetadataRequest_v11_1 = _UUID('00000000-0000-0000-0000-000000000000')
_pack_oo = _struct.Struct('>??').pack
_unpack_from_ih = _struct.Struct('>ih').unpack_from
_unpack_from_hh = _struct.Struct('>hh').unpack_from
_unpack_from_hiii = _struct.Struct('>hiii').unpack_from
_unpack_from_i_arrays = tuple(_struct.Struct('>%di' % n).unpack_from for n in range(32))
_D_MetadataResponse_v0_1 = _UUID('00000000-0000-0000-0000-000000000000')
_pack_ih = _struct.Struct('>ih').pack
_pack_hh = _struct.Struct('>hh').pack
_pack_hiii = _struct.Struct('>hiii').pack
_pack_i_arrays = tuple(_struct.Struct('>%di' % n).pack for n in range(32))
_unpack_from_ii = _struct.Struct('>ii').unpack_from
_unpack_from_oi = _struct.Struct('>?i').unpack_from
_D_MetadataResponse_v1_1 = _UUID('00000000-0000-0000-0000-000000000000')
_pack_ii = _struct.Struct('>ii').pack
_pack_oi = _struct.Struct('>?i').pack
_D_MetadataResponse_v2_1 = _UUID('00000000-0000-0000-0000-000000000000')
_D_MetadataResponse_v3_1 = _UUID('00000000-0000-0000-0000-000000000000')
_D_MetadataResponse_v5_1 = _UUID('00000000-0000-0000-0000-000000000000')
_unpack_from_hiiii = _struct.Struct('>hiiii').unpack_from
_D_MetadataResponse_v7_1 = _UUID('00000000-0000-0000-0000-000000000000')
_pack_hiiii = _struct.Struct('>hiiii').pack
_D_MetadataResponse_v8_1 = _UUID('00000000-0000-0000-0000-000000000000')
_D_MetadataResponse_v9_1 = _UUID('00000000-0000-0000-0000-000000000000')
_unpack_from_16so = _struct.Struct('>16s?').unpack_from
_D_MetadataResponse_v10_1 = _UUID('00000000-0000-0000-0000-000000000000')
_D_MetadataResponse_v11_1 = _UUID('00000000-0000-0000-0000-000000000000')
_D_MetadataResponse_v12_1 = _UUID('00000000-0000-0000-0000-000000000000')
_D_MetadataResponse_v13_1 = _UUID('00000000-0000-0000-0000-000000000000')
_unpack_from_hi = _struct.Struct('>hi').unpack_from
_pack_hi = _struct.Struct('>hi').pack
_unpack_from_ihi = _struct.Struct('>ihi').unpack_from
_pack_ihi = _struct.Struct('>ihi').pack
_unpack_from_io = _struct.Struct('>i?').unpack_from
_pack_io = _struct.Struct('>i?').pack
_D_CreateTopicsResponse_v0_1 = _UUID('00000000-0000-0000-0000-000000000000')
_D_CreateTopicsResponse_v1_1 = _UUID('00000000-0000-0000-0000-000000000000')
_D_CreateTopicsResponse_v2_1 = _UUID('00000000-0000-0000-0000-000000000000')
_unpack_from_obo = _struct.Struct('>?b?').unpack_from
_D_CreateTopicsResponse_v5_1 = _UUID('00000000-0000-0000-0000-000000000000')
_pack_obo = _struct.Struct('>?b?').pack
_unpack_from_16sh = _struct.Struct('>16sh').unpack_from
_D_CreateTopicsResponse_v7_3 = _UUID('00000000-0000-0000-0000-000000000000')
_D_DeleteTopicsRequest_v6_1 = _UUID('00000000-0000-0000-0000-000000000000')
_D_DeleteTopicsResponse_v0_1 = _UUID('00000000-0000-0000-0000-000000000000')
_D_DeleteTopicsResponse_v1_1 = _UUID('00000000-0000-0000-0000-000000000000')
_D_DeleteTopicsResponse_v4_1 = _UUID('00000000-0000-0000-0000-000000000000')
_D_DeleteTopicsResponse_v5_1 = _UUID('00000000-0000-0000-0000-000000000000')
_D_DeleteTopicsResponse_v6_1 = _UUID('00000000-0000-0000-0000-000000000000')
_unpack_from_iii = _struct.Struct('>iii').unpack_from
_pack_iii = _struct.Struct('>iii').pack
_unpack_from_hiq = _struct.Struct('>hiq').unpack_from
_pack_hiq = _struct.Struct('>hiq').pack
_unpack_from_hiiq = _struct.Struct('>hiiq').unpack_from
_pack_hiiq = _struct.Struct('>hiiq').pack
_unpack_from_hii = _struct.Struct('>hii').unpack_from
_pack_hii = _struct.Struct('>hii').pack
_D_ConsumerGroupDescribeResponse_v0_1 = Container({'topic_partitions': []})
_D_ConsumerGroupDescribeResponse_v0_2 = _UUID('00000000-0000-0000-0000-000000000000')
_D_ConsumerGroupDescribeResponse_v0_3 = Container({'topic_partitions': []})
_unpack_from_b = _struct.Struct('>b').unpack_from
_D_ConsumerGroupDescribeResponse_v1_1 = Container({'topic_partitions': []})
_D_ConsumerGroupDescribeResponse_v1_2 = _UUID('00000000-0000-0000-0000-000000000000')
_D_ConsumerGroupDescribeResponse_v1_3 = Container({'topic_partitions': []})
_pack_b = _struct.Struct('>b').pack
_D_ShareGroupDescribeResponse_v1_1 = Container({'topic_partitions': []})
_D_ShareGroupDescribeResponse_v1_2 = _UUID('00000000-0000-0000-0000-000000000000')
_unpack_from_iq = _struct.Struct('>iq').unpack_from
_pack_iq = _struct.Struct('>iq').pack
_unpack_from_iqh = _struct.Struct('>iqh').unpack_from
_pack_iqh = _struct.Struct('>iqh').pack
_unpack_from_bh = _struct.Struct('>bh').unpack_from
_pack_bh = _struct.Struct('>bh').pack
_unpack_from_oboi = _struct.Struct('>?b?i').unpack_from
_pack_oboi = _struct.Struct('>?b?i').pack
_unpack_from_iqqo = _struct.Struct('>iqq?').unpack_from
_pack_iqqo = _struct.Struct('>iqq?').pack
_unpack_from_qq = _struct.Struct('>qq').unpack_from
_pack_qq = _struct.Struct('>qq').pack
_unpack_from_ob = _struct.Struct('>?b').unpack_from
_pack_ob = _struct.Struct('>?b').pack
_unpack_from_qiiqiq = _struct.Struct('>qiiqiq').unpack_from
_pack_qiiqiq = _struct.Struct('>qiiqiq').pack
_unpack_from_iqqh = _struct.Struct('>iqqh').unpack_from
_pack_iqqh = _struct.Struct('>iqqh').pack
_unpack_from_q_arrays = tuple(_struct.Struct('>%dq' % n).unpack_from for n in range(32))
_pack_q_arrays = tuple(_struct.Struct('>%dq' % n).pack for n in range(32))
_unpack_from_q = _struct.Struct('>q').unpack_from
_pack_q = _struct.Struct('>q').pack
_unpack_from_bb = _struct.Struct('>bb').unpack_from
_pack_bb = _struct.Struct('>bb').pack
_unpack_from_ihh = _struct.Struct('>ihh').unpack_from
_pack_ihh = _struct.Struct('>ihh').pack
_unpack_from_bi = _struct.Struct('>bi').unpack_from
_pack_bi = _struct.Struct('>bi').pack


def _MetadataRequest_v0_decode(buf, pos):
    # MetadataRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at MetadataRequest.topics")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'MetadataRequest.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at MetadataRequest.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('MetadataRequest.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        x0['topic_id'] = _D_MetadataRequest_v0_1
        a0.append(x0)
    obj['allow_auto_topic_creation'] = True
    obj['include_cluster_authorized_operations'] = False
    obj['include_topic_authorized_operations'] = False
    return obj, pos


def _MetadataRequest_v0_encode(obj, w):
    # MetadataRequest v0: passes the bytes of obj, in pieces, to w
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


def _MetadataRequest_v1_decode(buf, pos):
    # MetadataRequest v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        obj['topics'] = None
    else:
        if n0 > end - pos:
            raise _too_many(n0, end - pos, 'MetadataRequest.topics')
        obj['topics'] = a0 = []
        for _ in range(n0):
            x0 = Container()
            n1, = _unpack_from_h(buf, pos)
            pos += 2
            if n1 < 0:
                raise _Err("null in non-nullable string at MetadataRequest.topics[].name")
            e1 = pos + n1
            if e1 > end:
                raise _truncated('MetadataRequest.topics[].name')
            x0['name'] = buf[pos:e1].decode()
            pos = e1
            x0['topic_id'] = _D_MetadataRequest_v1_1
            a0.append(x0)
    obj['allow_auto_topic_creation'] = True
    obj['include_cluster_authorized_operations'] = False
    obj['include_topic_authorized_operations'] = False
    return obj, pos


def _MetadataRequest_v1_encode(obj, w):
    # MetadataRequest v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
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


def _MetadataRequest_v4_decode(buf, pos):
    # MetadataRequest v4: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        obj['topics'] = None
    else:
        if n0 > end - pos:
            raise _too_many(n0, end - pos, 'MetadataRequest.topics')
        obj['topics'] = a0 = []
        for _ in range(n0):
            x0 = Container()
            n1, = _unpack_from_h(buf, pos)
            pos += 2
            if n1 < 0:
                raise _Err("null in non-nullable string at MetadataRequest.topics[].name")
            e1 = pos + n1
            if e1 > end:
                raise _truncated('MetadataRequest.topics[].name')
            x0['name'] = buf[pos:e1].decode()
            pos = e1
            x0['topic_id'] = _D_MetadataRequest_v4_1
            a0.append(x0)
    obj['allow_auto_topic_creation'], = _unpack_from_o(buf, pos)
    pos += 1
    obj['include_cluster_authorized_operations'] = False
    obj['include_topic_authorized_operations'] = False
    return obj, pos


def _MetadataRequest_v4_encode(obj, w):
    # MetadataRequest v4: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
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
    v0_allow_auto_topic_creation = g0('allow_auto_topic_creation')
    if v0_allow_auto_topic_creation is None:
        v0_allow_auto_topic_creation = True
    w(_pack_o(v0_allow_auto_topic_creation))


def _MetadataRequest_v8_decode(buf, pos):
    # MetadataRequest v8: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        obj['topics'] = None
    else:
        if n0 > end - pos:
            raise _too_many(n0, end - pos, 'MetadataRequest.topics')
        obj['topics'] = a0 = []
        for _ in range(n0):
            x0 = Container()
            n1, = _unpack_from_h(buf, pos)
            pos += 2
            if n1 < 0:
                raise _Err("null in non-nullable string at MetadataRequest.topics[].name")
            e1 = pos + n1
            if e1 > end:
                raise _truncated('MetadataRequest.topics[].name')
            x0['name'] = buf[pos:e1].decode()
            pos = e1
            x0['topic_id'] = _D_MetadataRequest_v8_1
            a0.append(x0)
    obj['allow_auto_topic_creation'], obj['include_cluster_authorized_operations'], obj['include_topic_authorized_operations'] = _unpack_from_ooo(buf, pos)
    pos += 3
    return obj, pos


def _MetadataRequest_v8_encode(obj, w):
    # MetadataRequest v8: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
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
    v0_allow_auto_topic_creation = g0('allow_auto_topic_creation')
    if v0_allow_auto_topic_creation is None:
        v0_allow_auto_topic_creation = True
    v0_include_cluster_authorized_operations = g0('include_cluster_authorized_operations')
    if v0_include_cluster_authorized_operations is None:
        v0_include_cluster_authorized_operations = False
    v0_include_topic_authorized_operations = g0('include_topic_authorized_operations')
    if v0_include_topic_authorized_operations is None:
        v0_include_topic_authorized_operations = False
    w(_pack_ooo(v0_allow_auto_topic_creation, v0_include_cluster_authorized_operations, v0_include_topic_authorized_operations))


def _MetadataRequest_v9_decode(buf, pos):
    # MetadataRequest v9: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['topics'] = None
    else:
        n1 -= 1
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'MetadataRequest.topics')
        obj['topics'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            n3 = buf[pos]
            if n3 > 127:
                n3, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n3:
                raise _Err("null in non-nullable string at MetadataRequest.topics[].name")
            n3 -= 1
            e3 = pos + n3
            if e3 > end:
                raise _truncated('MetadataRequest.topics[].name')
            x1['name'] = buf[pos:e3].decode()
            pos = e3
            x1['topic_id'] = _D_MetadataRequest_v9_1
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x1, _NO_TAGS, 'MetadataRequest.topics[]')
            else:
                pos += 1
            a1.append(x1)
    obj['allow_auto_topic_creation'], obj['include_cluster_authorized_operations'], obj['include_topic_authorized_operations'] = _unpack_from_ooo(buf, pos)
    pos += 3
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'MetadataRequest')
    else:
        pos += 1
    return obj, pos


def _MetadataRequest_v9_encode(obj, w):
    # MetadataRequest v9: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
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
            u2 = g2('_unknown_tags', None)
            if u2:
                _write_tags(w, sorted(u2.items()))
            else:
                w(b'\x00')  # no tagged fields
    v0_allow_auto_topic_creation = g0('allow_auto_topic_creation')
    if v0_allow_auto_topic_creation is None:
        v0_allow_auto_topic_creation = True
    v0_include_cluster_authorized_operations = g0('include_cluster_authorized_operations')
    if v0_include_cluster_authorized_operations is None:
        v0_include_cluster_authorized_operations = False
    v0_include_topic_authorized_operations = g0('include_topic_authorized_operations')
    if v0_include_topic_authorized_operations is None:
        v0_include_topic_authorized_operations = False
    w(_pack_ooo(v0_allow_auto_topic_creation, v0_include_cluster_authorized_operations, v0_include_topic_authorized_operations))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _MetadataRequest_v10_decode(buf, pos):
    # MetadataRequest v10: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['topics'] = None
    else:
        n1 -= 1
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'MetadataRequest.topics')
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
                x1['name'] = None
            else:
                n3 -= 1
                e3 = pos + n3
                if e3 > end:
                    raise _truncated('MetadataRequest.topics[].name')
                x1['name'] = buf[pos:e3].decode()
                pos = e3
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x1, _NO_TAGS, 'MetadataRequest.topics[]')
            else:
                pos += 1
            a1.append(x1)
    obj['allow_auto_topic_creation'], obj['include_cluster_authorized_operations'], obj['include_topic_authorized_operations'] = _unpack_from_ooo(buf, pos)
    pos += 3
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'MetadataRequest')
    else:
        pos += 1
    return obj, pos


def _MetadataRequest_v10_encode(obj, w):
    # MetadataRequest v10: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_topics = g0('topics', [])
    if v0_topics is None:
        w(b'\x00')
    else:
        n0 = len(v0_topics) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        for x0 in v0_topics:
            g2 = x0.get if isinstance(x0, dict) else _getter(x0)
            v2_topic_id = g2('topic_id')
            if v2_topic_id is None:
                v2_topic_id = _D_MetadataRequest_v10_1
            w(v2_topic_id.bytes)
            v2_name = g2('name', '')
            v2_name_bytes = None if v2_name is None else v2_name.encode()
            if v2_name_bytes is None:
                w(b'\x00')
            else:
                n2 = len(v2_name_bytes) + 1
                w(_UV[n2] if n2 < 128 else _uv(n2))
                w(v2_name_bytes)
            u2 = g2('_unknown_tags', None)
            if u2:
                _write_tags(w, sorted(u2.items()))
            else:
                w(b'\x00')  # no tagged fields
    v0_allow_auto_topic_creation = g0('allow_auto_topic_creation')
    if v0_allow_auto_topic_creation is None:
        v0_allow_auto_topic_creation = True
    v0_include_cluster_authorized_operations = g0('include_cluster_authorized_operations')
    if v0_include_cluster_authorized_operations is None:
        v0_include_cluster_authorized_operations = False
    v0_include_topic_authorized_operations = g0('include_topic_authorized_operations')
    if v0_include_topic_authorized_operations is None:
        v0_include_topic_authorized_operations = False
    w(_pack_ooo(v0_allow_auto_topic_creation, v0_include_cluster_authorized_operations, v0_include_topic_authorized_operations))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _MetadataRequest_v11_decode(buf, pos):
    # MetadataRequest v11: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['topics'] = None
    else:
        n1 -= 1
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'MetadataRequest.topics')
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
                x1['name'] = None
            else:
                n3 -= 1
                e3 = pos + n3
                if e3 > end:
                    raise _truncated('MetadataRequest.topics[].name')
                x1['name'] = buf[pos:e3].decode()
                pos = e3
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x1, _NO_TAGS, 'MetadataRequest.topics[]')
            else:
                pos += 1
            a1.append(x1)
    obj['allow_auto_topic_creation'], obj['include_topic_authorized_operations'] = _unpack_from_oo(buf, pos)
    pos += 2
    obj['include_cluster_authorized_operations'] = False
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'MetadataRequest')
    else:
        pos += 1
    return obj, pos


def _MetadataRequest_v11_encode(obj, w):
    # MetadataRequest v11: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_topics = g0('topics', [])
    if v0_topics is None:
        w(b'\x00')
    else:
        n0 = len(v0_topics) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        for x0 in v0_topics:
            g2 = x0.get if isinstance(x0, dict) else _getter(x0)
            v2_topic_id = g2('topic_id')
            if v2_topic_id is None:
                v2_topic_id = _D_MetadataRequest_v11_1
            w(v2_topic_id.bytes)
            v2_name = g2('name', '')
            v2_name_bytes = None if v2_name is None else v2_name.encode()
            if v2_name_bytes is None:
                w(b'\x00')
            else:
                n2 = len(v2_name_bytes) + 1
                w(_UV[n2] if n2 < 128 else _uv(n2))
                w(v2_name_bytes)
            u2 = g2('_unknown_tags', None)
            if u2:
                _write_tags(w, sorted(u2.items()))
            else:
                w(b'\x00')  # no tagged fields
    v0_allow_auto_topic_creation = g0('allow_auto_topic_creation')
    if v0_allow_auto_topic_creation is None:
        v0_allow_auto_topic_creation = True
    v0_include_topic_authorized_operations = g0('include_topic_authorized_operations')
    if v0_include_topic_authorized_operations is None:
        v0_include_topic_authorized_operations = False
    w(_pack_oo(v0_allow_auto_topic_creation, v0_include_topic_authorized_operations))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _MetadataResponse_v0_decode(buf, pos):
    # MetadataResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at MetadataResponse.brokers")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'MetadataResponse.brokers')
    obj['brokers'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['node_id'], n1 = _unpack_from_ih(buf, pos)
        pos += 6
        if n1 < 0:
            raise _Err("null in non-nullable string at MetadataResponse.brokers[].host")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('MetadataResponse.brokers[].host')
        x0['host'] = buf[pos:e1].decode()
        pos = e1
        x0['port'], = _unpack_from_i(buf, pos)
        pos += 4
        x0['rack'] = None
        a0.append(x0)
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at MetadataResponse.topics")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'MetadataResponse.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['error_code'], n1 = _unpack_from_hh(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable string at MetadataResponse.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('MetadataResponse.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'MetadataResponse.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['error_code'], x1['partition_index'], x1['leader_id'], n2 = _unpack_from_hiii(buf, pos)
            pos += 14
            if n2 < 0:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].replica_nodes")
            if n2 > end - pos:
                raise _too_many(n2, end - pos, 'MetadataResponse.topics[].partitions[].replica_nodes')
            x1['replica_nodes'] = list(_unpack_from_i_arrays[n2](buf, pos) if n2 < 32 else _struct_unpack_from('>%di' % n2, buf, pos))
            pos += 4 * n2
            n2, = _unpack_from_i(buf, pos)
            pos += 4
            if n2 < 0:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].isr_nodes")
            if n2 > end - pos:
                raise _too_many(n2, end - pos, 'MetadataResponse.topics[].partitions[].isr_nodes')
            x1['isr_nodes'] = list(_unpack_from_i_arrays[n2](buf, pos) if n2 < 32 else _struct_unpack_from('>%di' % n2, buf, pos))
            pos += 4 * n2
            x1['leader_epoch'] = -1
            x1['offline_replicas'] = []
            a1.append(x1)
        x0['topic_id'] = _D_MetadataResponse_v0_1
        x0['is_internal'] = False
        x0['topic_authorized_operations'] = -2147483648
        a0.append(x0)
    obj['throttle_time_ms'] = 0
    obj['cluster_id'] = None
    obj['controller_id'] = -1
    obj['cluster_authorized_operations'] = -2147483648
    obj['error_code'] = 0
    return obj, pos


def _MetadataResponse_v0_encode(obj, w):
    # MetadataResponse v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_brokers = g0('brokers')
    if v0_brokers is None:
        v0_brokers = []
    w(_pack_i(len(v0_brokers)))
    for x0 in v0_brokers:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_node_id = g2('node_id')
        if v2_node_id is None:
            v2_node_id = 0
        v2_host = g2('host')
        if v2_host is None:
            v2_host = ''
        v2_host_bytes = v2_host.encode()
        w(_pack_ih(v2_node_id, len(v2_host_bytes)))
        w(v2_host_bytes)
        v2_port = g2('port')
        if v2_port is None:
            v2_port = 0
        w(_pack_i(v2_port))
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_i(len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_hh(v2_error_code, len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_i(len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_leader_id = g4('leader_id')
            if v4_leader_id is None:
                v4_leader_id = 0
            v4_replica_nodes = g4('replica_nodes')
            if v4_replica_nodes is None:
                v4_replica_nodes = []
            w(_pack_hiii(v4_error_code, v4_partition_index, v4_leader_id, len(v4_replica_nodes)))
            w(_pack_i_arrays[len(v4_replica_nodes)](*v4_replica_nodes) if len(v4_replica_nodes) < 32 else _struct_pack('>%di' % len(v4_replica_nodes), *v4_replica_nodes))
            v4_isr_nodes = g4('isr_nodes')
            if v4_isr_nodes is None:
                v4_isr_nodes = []
            w(_pack_i(len(v4_isr_nodes)))
            w(_pack_i_arrays[len(v4_isr_nodes)](*v4_isr_nodes) if len(v4_isr_nodes) < 32 else _struct_pack('>%di' % len(v4_isr_nodes), *v4_isr_nodes))


def _MetadataResponse_v1_decode(buf, pos):
    # MetadataResponse v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at MetadataResponse.brokers")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'MetadataResponse.brokers')
    obj['brokers'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['node_id'], n1 = _unpack_from_ih(buf, pos)
        pos += 6
        if n1 < 0:
            raise _Err("null in non-nullable string at MetadataResponse.brokers[].host")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('MetadataResponse.brokers[].host')
        x0['host'] = buf[pos:e1].decode()
        pos = e1
        x0['port'], n1 = _unpack_from_ih(buf, pos)
        pos += 6
        if n1 < 0:
            x0['rack'] = None
        else:
            e1 = pos + n1
            if e1 > end:
                raise _truncated('MetadataResponse.brokers[].rack')
            x0['rack'] = buf[pos:e1].decode()
            pos = e1
        a0.append(x0)
    obj['controller_id'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at MetadataResponse.topics")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'MetadataResponse.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['error_code'], n1 = _unpack_from_hh(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable string at MetadataResponse.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('MetadataResponse.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        x0['is_internal'], n1 = _unpack_from_oi(buf, pos)
        pos += 5
        if n1 < 0:
            raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'MetadataResponse.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['error_code'], x1['partition_index'], x1['leader_id'], n2 = _unpack_from_hiii(buf, pos)
            pos += 14
            if n2 < 0:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].replica_nodes")
            if n2 > end - pos:
                raise _too_many(n2, end - pos, 'MetadataResponse.topics[].partitions[].replica_nodes')
            x1['replica_nodes'] = list(_unpack_from_i_arrays[n2](buf, pos) if n2 < 32 else _struct_unpack_from('>%di' % n2, buf, pos))
            pos += 4 * n2
            n2, = _unpack_from_i(buf, pos)
            pos += 4
            if n2 < 0:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].isr_nodes")
            if n2 > end - pos:
                raise _too_many(n2, end - pos, 'MetadataResponse.topics[].partitions[].isr_nodes')
            x1['isr_nodes'] = list(_unpack_from_i_arrays[n2](buf, pos) if n2 < 32 else _struct_unpack_from('>%di' % n2, buf, pos))
            pos += 4 * n2
            x1['leader_epoch'] = -1
            x1['offline_replicas'] = []
            a1.append(x1)
        x0['topic_id'] = _D_MetadataResponse_v1_1
        x0['topic_authorized_operations'] = -2147483648
        a0.append(x0)
    obj['throttle_time_ms'] = 0
    obj['cluster_id'] = None
    obj['cluster_authorized_operations'] = -2147483648
    obj['error_code'] = 0
    return obj, pos


def _MetadataResponse_v1_encode(obj, w):
    # MetadataResponse v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_brokers = g0('brokers')
    if v0_brokers is None:
        v0_brokers = []
    w(_pack_i(len(v0_brokers)))
    for x0 in v0_brokers:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_node_id = g2('node_id')
        if v2_node_id is None:
            v2_node_id = 0
        v2_host = g2('host')
        if v2_host is None:
            v2_host = ''
        v2_host_bytes = v2_host.encode()
        w(_pack_ih(v2_node_id, len(v2_host_bytes)))
        w(v2_host_bytes)
        v2_port = g2('port')
        if v2_port is None:
            v2_port = 0
        v2_rack = g2('rack', None)
        v2_rack_bytes = None if v2_rack is None else v2_rack.encode()
        w(_pack_ih(v2_port, -1 if v2_rack_bytes is None else len(v2_rack_bytes)))
        if v2_rack_bytes is not None:
            w(v2_rack_bytes)
    v0_controller_id = g0('controller_id')
    if v0_controller_id is None:
        v0_controller_id = -1
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_ii(v0_controller_id, len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_hh(v2_error_code, len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_is_internal = g2('is_internal')
        if v2_is_internal is None:
            v2_is_internal = False
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_oi(v2_is_internal, len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_leader_id = g4('leader_id')
            if v4_leader_id is None:
                v4_leader_id = 0
            v4_replica_nodes = g4('replica_nodes')
            if v4_replica_nodes is None:
                v4_replica_nodes = []
            w(_pack_hiii(v4_error_code, v4_partition_index, v4_leader_id, len(v4_replica_nodes)))
            w(_pack_i_arrays[len(v4_replica_nodes)](*v4_replica_nodes) if len(v4_replica_nodes) < 32 else _struct_pack('>%di' % len(v4_replica_nodes), *v4_replica_nodes))
            v4_isr_nodes = g4('isr_nodes')
            if v4_isr_nodes is None:
                v4_isr_nodes = []
            w(_pack_i(len(v4_isr_nodes)))
            w(_pack_i_arrays[len(v4_isr_nodes)](*v4_isr_nodes) if len(v4_isr_nodes) < 32 else _struct_pack('>%di' % len(v4_isr_nodes), *v4_isr_nodes))


def _MetadataResponse_v2_decode(buf, pos):
    # MetadataResponse v2: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at MetadataResponse.brokers")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'MetadataResponse.brokers')
    obj['brokers'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['node_id'], n1 = _unpack_from_ih(buf, pos)
        pos += 6
        if n1 < 0:
            raise _Err("null in non-nullable string at MetadataResponse.brokers[].host")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('MetadataResponse.brokers[].host')
        x0['host'] = buf[pos:e1].decode()
        pos = e1
        x0['port'], n1 = _unpack_from_ih(buf, pos)
        pos += 6
        if n1 < 0:
            x0['rack'] = None
        else:
            e1 = pos + n1
            if e1 > end:
                raise _truncated('MetadataResponse.brokers[].rack')
            x0['rack'] = buf[pos:e1].decode()
            pos = e1
        a0.append(x0)
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        obj['cluster_id'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('MetadataResponse.cluster_id')
        obj['cluster_id'] = buf[pos:e0].decode()
        pos = e0
    obj['controller_id'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at MetadataResponse.topics")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'MetadataResponse.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['error_code'], n1 = _unpack_from_hh(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable string at MetadataResponse.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('MetadataResponse.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        x0['is_internal'], n1 = _unpack_from_oi(buf, pos)
        pos += 5
        if n1 < 0:
            raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'MetadataResponse.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['error_code'], x1['partition_index'], x1['leader_id'], n2 = _unpack_from_hiii(buf, pos)
            pos += 14
            if n2 < 0:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].replica_nodes")
            if n2 > end - pos:
                raise _too_many(n2, end - pos, 'MetadataResponse.topics[].partitions[].replica_nodes')
            x1['replica_nodes'] = list(_unpack_from_i_arrays[n2](buf, pos) if n2 < 32 else _struct_unpack_from('>%di' % n2, buf, pos))
            pos += 4 * n2
            n2, = _unpack_from_i(buf, pos)
            pos += 4
            if n2 < 0:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].isr_nodes")
            if n2 > end - pos:
                raise _too_many(n2, end - pos, 'MetadataResponse.topics[].partitions[].isr_nodes')
            x1['isr_nodes'] = list(_unpack_from_i_arrays[n2](buf, pos) if n2 < 32 else _struct_unpack_from('>%di' % n2, buf, pos))
            pos += 4 * n2
            x1['leader_epoch'] = -1
            x1['offline_replicas'] = []
            a1.append(x1)
        x0['topic_id'] = _D_MetadataResponse_v2_1
        x0['topic_authorized_operations'] = -2147483648
        a0.append(x0)
    obj['throttle_time_ms'] = 0
    obj['cluster_authorized_operations'] = -2147483648
    obj['error_code'] = 0
    return obj, pos


def _MetadataResponse_v2_encode(obj, w):
    # MetadataResponse v2: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_brokers = g0('brokers')
    if v0_brokers is None:
        v0_brokers = []
    w(_pack_i(len(v0_brokers)))
    for x0 in v0_brokers:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_node_id = g2('node_id')
        if v2_node_id is None:
            v2_node_id = 0
        v2_host = g2('host')
        if v2_host is None:
            v2_host = ''
        v2_host_bytes = v2_host.encode()
        w(_pack_ih(v2_node_id, len(v2_host_bytes)))
        w(v2_host_bytes)
        v2_port = g2('port')
        if v2_port is None:
            v2_port = 0
        v2_rack = g2('rack', None)
        v2_rack_bytes = None if v2_rack is None else v2_rack.encode()
        w(_pack_ih(v2_port, -1 if v2_rack_bytes is None else len(v2_rack_bytes)))
        if v2_rack_bytes is not None:
            w(v2_rack_bytes)
    v0_cluster_id = g0('cluster_id', None)
    v0_cluster_id_bytes = None if v0_cluster_id is None else v0_cluster_id.encode()
    w(_pack_h(-1 if v0_cluster_id_bytes is None else len(v0_cluster_id_bytes)))
    if v0_cluster_id_bytes is not None:
        w(v0_cluster_id_bytes)
    v0_controller_id = g0('controller_id')
    if v0_controller_id is None:
        v0_controller_id = -1
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_ii(v0_controller_id, len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_hh(v2_error_code, len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_is_internal = g2('is_internal')
        if v2_is_internal is None:
            v2_is_internal = False
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_oi(v2_is_internal, len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_leader_id = g4('leader_id')
            if v4_leader_id is None:
                v4_leader_id = 0
            v4_replica_nodes = g4('replica_nodes')
            if v4_replica_nodes is None:
                v4_replica_nodes = []
            w(_pack_hiii(v4_error_code, v4_partition_index, v4_leader_id, len(v4_replica_nodes)))
            w(_pack_i_arrays[len(v4_replica_nodes)](*v4_replica_nodes) if len(v4_replica_nodes) < 32 else _struct_pack('>%di' % len(v4_replica_nodes), *v4_replica_nodes))
            v4_isr_nodes = g4('isr_nodes')
            if v4_isr_nodes is None:
                v4_isr_nodes = []
            w(_pack_i(len(v4_isr_nodes)))
            w(_pack_i_arrays[len(v4_isr_nodes)](*v4_isr_nodes) if len(v4_isr_nodes) < 32 else _struct_pack('>%di' % len(v4_isr_nodes), *v4_isr_nodes))


def _MetadataResponse_v3_decode(buf, pos):
    # MetadataResponse v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at MetadataResponse.brokers")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'MetadataResponse.brokers')
    obj['brokers'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['node_id'], n1 = _unpack_from_ih(buf, pos)
        pos += 6
        if n1 < 0:
            raise _Err("null in non-nullable string at MetadataResponse.brokers[].host")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('MetadataResponse.brokers[].host')
        x0['host'] = buf[pos:e1].decode()
        pos = e1
        x0['port'], n1 = _unpack_from_ih(buf, pos)
        pos += 6
        if n1 < 0:
            x0['rack'] = None
        else:
            e1 = pos + n1
            if e1 > end:
                raise _truncated('MetadataResponse.brokers[].rack')
            x0['rack'] = buf[pos:e1].decode()
            pos = e1
        a0.append(x0)
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        obj['cluster_id'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('MetadataResponse.cluster_id')
        obj['cluster_id'] = buf[pos:e0].decode()
        pos = e0
    obj['controller_id'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at MetadataResponse.topics")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'MetadataResponse.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['error_code'], n1 = _unpack_from_hh(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable string at MetadataResponse.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('MetadataResponse.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        x0['is_internal'], n1 = _unpack_from_oi(buf, pos)
        pos += 5
        if n1 < 0:
            raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'MetadataResponse.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['error_code'], x1['partition_index'], x1['leader_id'], n2 = _unpack_from_hiii(buf, pos)
            pos += 14
            if n2 < 0:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].replica_nodes")
            if n2 > end - pos:
                raise _too_many(n2, end - pos, 'MetadataResponse.topics[].partitions[].replica_nodes')
            x1['replica_nodes'] = list(_unpack_from_i_arrays[n2](buf, pos) if n2 < 32 else _struct_unpack_from('>%di' % n2, buf, pos))
            pos += 4 * n2
            n2, = _unpack_from_i(buf, pos)
            pos += 4
            if n2 < 0:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].isr_nodes")
            if n2 > end - pos:
                raise _too_many(n2, end - pos, 'MetadataResponse.topics[].partitions[].isr_nodes')
            x1['isr_nodes'] = list(_unpack_from_i_arrays[n2](buf, pos) if n2 < 32 else _struct_unpack_from('>%di' % n2, buf, pos))
            pos += 4 * n2
            x1['leader_epoch'] = -1
            x1['offline_replicas'] = []
            a1.append(x1)
        x0['topic_id'] = _D_MetadataResponse_v3_1
        x0['topic_authorized_operations'] = -2147483648
        a0.append(x0)
    obj['cluster_authorized_operations'] = -2147483648
    obj['error_code'] = 0
    return obj, pos


def _MetadataResponse_v3_encode(obj, w):
    # MetadataResponse v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_brokers = g0('brokers')
    if v0_brokers is None:
        v0_brokers = []
    w(_pack_ii(v0_throttle_time_ms, len(v0_brokers)))
    for x0 in v0_brokers:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_node_id = g2('node_id')
        if v2_node_id is None:
            v2_node_id = 0
        v2_host = g2('host')
        if v2_host is None:
            v2_host = ''
        v2_host_bytes = v2_host.encode()
        w(_pack_ih(v2_node_id, len(v2_host_bytes)))
        w(v2_host_bytes)
        v2_port = g2('port')
        if v2_port is None:
            v2_port = 0
        v2_rack = g2('rack', None)
        v2_rack_bytes = None if v2_rack is None else v2_rack.encode()
        w(_pack_ih(v2_port, -1 if v2_rack_bytes is None else len(v2_rack_bytes)))
        if v2_rack_bytes is not None:
            w(v2_rack_bytes)
    v0_cluster_id = g0('cluster_id', None)
    v0_cluster_id_bytes = None if v0_cluster_id is None else v0_cluster_id.encode()
    w(_pack_h(-1 if v0_cluster_id_bytes is None else len(v0_cluster_id_bytes)))
    if v0_cluster_id_bytes is not None:
        w(v0_cluster_id_bytes)
    v0_controller_id = g0('controller_id')
    if v0_controller_id is None:
        v0_controller_id = -1
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_ii(v0_controller_id, len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_hh(v2_error_code, len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_is_internal = g2('is_internal')
        if v2_is_internal is None:
            v2_is_internal = False
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_oi(v2_is_internal, len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_leader_id = g4('leader_id')
            if v4_leader_id is None:
                v4_leader_id = 0
            v4_replica_nodes = g4('replica_nodes')
            if v4_replica_nodes is None:
                v4_replica_nodes = []
            w(_pack_hiii(v4_error_code, v4_partition_index, v4_leader_id, len(v4_replica_nodes)))
            w(_pack_i_arrays[len(v4_replica_nodes)](*v4_replica_nodes) if len(v4_replica_nodes) < 32 else _struct_pack('>%di' % len(v4_replica_nodes), *v4_replica_nodes))
            v4_isr_nodes = g4('isr_nodes')
            if v4_isr_nodes is None:
                v4_isr_nodes = []
            w(_pack_i(len(v4_isr_nodes)))
            w(_pack_i_arrays[len(v4_isr_nodes)](*v4_isr_nodes) if len(v4_isr_nodes) < 32 else _struct_pack('>%di' % len(v4_isr_nodes), *v4_isr_nodes))


def _MetadataResponse_v5_decode(buf, pos):
    # MetadataResponse v5: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at MetadataResponse.brokers")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'MetadataResponse.brokers')
    obj['brokers'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['node_id'], n1 = _unpack_from_ih(buf, pos)
        pos += 6
        if n1 < 0:
            raise _Err("null in non-nullable string at MetadataResponse.brokers[].host")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('MetadataResponse.brokers[].host')
        x0['host'] = buf[pos:e1].decode()
        pos = e1
        x0['port'], n1 = _unpack_from_ih(buf, pos)
        pos += 6
        if n1 < 0:
            x0['rack'] = None
        else:
            e1 = pos + n1
            if e1 > end:
                raise _truncated('MetadataResponse.brokers[].rack')
            x0['rack'] = buf[pos:e1].decode()
            pos = e1
        a0.append(x0)
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        obj['cluster_id'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('MetadataResponse.cluster_id')
        obj['cluster_id'] = buf[pos:e0].decode()
        pos = e0
    obj['controller_id'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at MetadataResponse.topics")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'MetadataResponse.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['error_code'], n1 = _unpack_from_hh(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable string at MetadataResponse.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('MetadataResponse.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        x0['is_internal'], n1 = _unpack_from_oi(buf, pos)
        pos += 5
        if n1 < 0:
            raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'MetadataResponse.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['error_code'], x1['partition_index'], x1['leader_id'], n2 = _unpack_from_hiii(buf, pos)
            pos += 14
            if n2 < 0:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].replica_nodes")
            if n2 > end - pos:
                raise _too_many(n2, end - pos, 'MetadataResponse.topics[].partitions[].replica_nodes')
            x1['replica_nodes'] = list(_unpack_from_i_arrays[n2](buf, pos) if n2 < 32 else _struct_unpack_from('>%di' % n2, buf, pos))
            pos += 4 * n2
            n2, = _unpack_from_i(buf, pos)
            pos += 4
            if n2 < 0:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].isr_nodes")
            if n2 > end - pos:
                raise _too_many(n2, end - pos, 'MetadataResponse.topics[].partitions[].isr_nodes')
            x1['isr_nodes'] = list(_unpack_from_i_arrays[n2](buf, pos) if n2 < 32 else _struct_unpack_from('>%di' % n2, buf, pos))
            pos += 4 * n2
            n2, = _unpack_from_i(buf, pos)
            pos += 4
            if n2 < 0:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].offline_replicas")
            if n2 > end - pos:
                raise _too_many(n2, end - pos, 'MetadataResponse.topics[].partitions[].offline_replicas')
            x1['offline_replicas'] = list(_unpack_from_i_arrays[n2](buf, pos) if n2 < 32 else _struct_unpack_from('>%di' % n2, buf, pos))
            pos += 4 * n2
            x1['leader_epoch'] = -1
            a1.append(x1)
        x0['topic_id'] = _D_MetadataResponse_v5_1
        x0['topic_authorized_operations'] = -2147483648
        a0.append(x0)
    obj['cluster_authorized_operations'] = -2147483648
    obj['error_code'] = 0
    return obj, pos


def _MetadataResponse_v5_encode(obj, w):
    # MetadataResponse v5: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_brokers = g0('brokers')
    if v0_brokers is None:
        v0_brokers = []
    w(_pack_ii(v0_throttle_time_ms, len(v0_brokers)))
    for x0 in v0_brokers:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_node_id = g2('node_id')
        if v2_node_id is None:
            v2_node_id = 0
        v2_host = g2('host')
        if v2_host is None:
            v2_host = ''
        v2_host_bytes = v2_host.encode()
        w(_pack_ih(v2_node_id, len(v2_host_bytes)))
        w(v2_host_bytes)
        v2_port = g2('port')
        if v2_port is None:
            v2_port = 0
        v2_rack = g2('rack', None)
        v2_rack_bytes = None if v2_rack is None else v2_rack.encode()
        w(_pack_ih(v2_port, -1 if v2_rack_bytes is None else len(v2_rack_bytes)))
        if v2_rack_bytes is not None:
            w(v2_rack_bytes)
    v0_cluster_id = g0('cluster_id', None)
    v0_cluster_id_bytes = None if v0_cluster_id is None else v0_cluster_id.encode()
    w(_pack_h(-1 if v0_cluster_id_bytes is None else len(v0_cluster_id_bytes)))
    if v0_cluster_id_bytes is not None:
        w(v0_cluster_id_bytes)
    v0_controller_id = g0('controller_id')
    if v0_controller_id is None:
        v0_controller_id = -1
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_ii(v0_controller_id, len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_hh(v2_error_code, len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_is_internal = g2('is_internal')
        if v2_is_internal is None:
            v2_is_internal = False
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_oi(v2_is_internal, len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_leader_id = g4('leader_id')
            if v4_leader_id is None:
                v4_leader_id = 0
            v4_replica_nodes = g4('replica_nodes')
            if v4_replica_nodes is None:
                v4_replica_nodes = []
            w(_pack_hiii(v4_error_code, v4_partition_index, v4_leader_id, len(v4_replica_nodes)))
            w(_pack_i_arrays[len(v4_replica_nodes)](*v4_replica_nodes) if len(v4_replica_nodes) < 32 else _struct_pack('>%di' % len(v4_replica_nodes), *v4_replica_nodes))
            v4_isr_nodes = g4('isr_nodes')
            if v4_isr_nodes is None:
                v4_isr_nodes = []
            w(_pack_i(len(v4_isr_nodes)))
            w(_pack_i_arrays[len(v4_isr_nodes)](*v4_isr_nodes) if len(v4_isr_nodes) < 32 else _struct_pack('>%di' % len(v4_isr_nodes), *v4_isr_nodes))
            v4_offline_replicas = g4('offline_replicas')
            if v4_offline_replicas is None:
                v4_offline_replicas = []
            w(_pack_i(len(v4_offline_replicas)))
            w(_pack_i_arrays[len(v4_offline_replicas)](*v4_offline_replicas) if len(v4_offline_replicas) < 32 else _struct_pack('>%di' % len(v4_offline_replicas), *v4_offline_replicas))


def _MetadataResponse_v7_decode(buf, pos):
    # MetadataResponse v7: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at MetadataResponse.brokers")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'MetadataResponse.brokers')
    obj['brokers'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['node_id'], n1 = _unpack_from_ih(buf, pos)
        pos += 6
        if n1 < 0:
            raise _Err("null in non-nullable string at MetadataResponse.brokers[].host")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('MetadataResponse.brokers[].host')
        x0['host'] = buf[pos:e1].decode()
        pos = e1
        x0['port'], n1 = _unpack_from_ih(buf, pos)
        pos += 6
        if n1 < 0:
            x0['rack'] = None
        else:
            e1 = pos + n1
            if e1 > end:
                raise _truncated('MetadataResponse.brokers[].rack')
            x0['rack'] = buf[pos:e1].decode()
            pos = e1
        a0.append(x0)
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        obj['cluster_id'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('MetadataResponse.cluster_id')
        obj['cluster_id'] = buf[pos:e0].decode()
        pos = e0
    obj['controller_id'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at MetadataResponse.topics")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'MetadataResponse.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['error_code'], n1 = _unpack_from_hh(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable string at MetadataResponse.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('MetadataResponse.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        x0['is_internal'], n1 = _unpack_from_oi(buf, pos)
        pos += 5
        if n1 < 0:
            raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'MetadataResponse.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['error_code'], x1['partition_index'], x1['leader_id'], x1['leader_epoch'], n2 = _unpack_from_hiiii(buf, pos)
            pos += 18
            if n2 < 0:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].replica_nodes")
            if n2 > end - pos:
                raise _too_many(n2, end - pos, 'MetadataResponse.topics[].partitions[].replica_nodes')
            x1['replica_nodes'] = list(_unpack_from_i_arrays[n2](buf, pos) if n2 < 32 else _struct_unpack_from('>%di' % n2, buf, pos))
            pos += 4 * n2
            n2, = _unpack_from_i(buf, pos)
            pos += 4
            if n2 < 0:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].isr_nodes")
            if n2 > end - pos:
                raise _too_many(n2, end - pos, 'MetadataResponse.topics[].partitions[].isr_nodes')
            x1['isr_nodes'] = list(_unpack_from_i_arrays[n2](buf, pos) if n2 < 32 else _struct_unpack_from('>%di' % n2, buf, pos))
            pos += 4 * n2
            n2, = _unpack_from_i(buf, pos)
            pos += 4
            if n2 < 0:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].offline_replicas")
            if n2 > end - pos:
                raise _too_many(n2, end - pos, 'MetadataResponse.topics[].partitions[].offline_replicas')
            x1['offline_replicas'] = list(_unpack_from_i_arrays[n2](buf, pos) if n2 < 32 else _struct_unpack_from('>%di' % n2, buf, pos))
            pos += 4 * n2
            a1.append(x1)
        x0['topic_id'] = _D_MetadataResponse_v7_1
        x0['topic_authorized_operations'] = -2147483648
        a0.append(x0)
    obj['cluster_authorized_operations'] = -2147483648
    obj['error_code'] = 0
    return obj, pos


def _MetadataResponse_v7_encode(obj, w):
    # MetadataResponse v7: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_brokers = g0('brokers')
    if v0_brokers is None:
        v0_brokers = []
    w(_pack_ii(v0_throttle_time_ms, len(v0_brokers)))
    for x0 in v0_brokers:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_node_id = g2('node_id')
        if v2_node_id is None:
            v2_node_id = 0
        v2_host = g2('host')
        if v2_host is None:
            v2_host = ''
        v2_host_bytes = v2_host.encode()
        w(_pack_ih(v2_node_id, len(v2_host_bytes)))
        w(v2_host_bytes)
        v2_port = g2('port')
        if v2_port is None:
            v2_port = 0
        v2_rack = g2('rack', None)
        v2_rack_bytes = None if v2_rack is None else v2_rack.encode()
        w(_pack_ih(v2_port, -1 if v2_rack_bytes is None else len(v2_rack_bytes)))
        if v2_rack_bytes is not None:
            w(v2_rack_bytes)
    v0_cluster_id = g0('cluster_id', None)
    v0_cluster_id_bytes = None if v0_cluster_id is None else v0_cluster_id.encode()
    w(_pack_h(-1 if v0_cluster_id_bytes is None else len(v0_cluster_id_bytes)))
    if v0_cluster_id_bytes is not None:
        w(v0_cluster_id_bytes)
    v0_controller_id = g0('controller_id')
    if v0_controller_id is None:
        v0_controller_id = -1
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_ii(v0_controller_id, len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_hh(v2_error_code, len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_is_internal = g2('is_internal')
        if v2_is_internal is None:
            v2_is_internal = False
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_oi(v2_is_internal, len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_leader_id = g4('leader_id')
            if v4_leader_id is None:
                v4_leader_id = 0
            v4_leader_epoch = g4('leader_epoch')
            if v4_leader_epoch is None:
                v4_leader_epoch = -1
            v4_replica_nodes = g4('replica_nodes')
            if v4_replica_nodes is None:
                v4_replica_nodes = []
            w(_pack_hiiii(v4_error_code, v4_partition_index, v4_leader_id, v4_leader_epoch, len(v4_replica_nodes)))
            w(_pack_i_arrays[len(v4_replica_nodes)](*v4_replica_nodes) if len(v4_replica_nodes) < 32 else _struct_pack('>%di' % len(v4_replica_nodes), *v4_replica_nodes))
            v4_isr_nodes = g4('isr_nodes')
            if v4_isr_nodes is None:
                v4_isr_nodes = []
            w(_pack_i(len(v4_isr_nodes)))
            w(_pack_i_arrays[len(v4_isr_nodes)](*v4_isr_nodes) if len(v4_isr_nodes) < 32 else _struct_pack('>%di' % len(v4_isr_nodes), *v4_isr_nodes))
            v4_offline_replicas = g4('offline_replicas')
            if v4_offline_replicas is None:
                v4_offline_replicas = []
            w(_pack_i(len(v4_offline_replicas)))
            w(_pack_i_arrays[len(v4_offline_replicas)](*v4_offline_replicas) if len(v4_offline_replicas) < 32 else _struct_pack('>%di' % len(v4_offline_replicas), *v4_offline_replicas))


def _MetadataResponse_v8_decode(buf, pos):
    # MetadataResponse v8: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at MetadataResponse.brokers")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'MetadataResponse.brokers')
    obj['brokers'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['node_id'], n1 = _unpack_from_ih(buf, pos)
        pos += 6
        if n1 < 0:
            raise _Err("null in non-nullable string at MetadataResponse.brokers[].host")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('MetadataResponse.brokers[].host')
        x0['host'] = buf[pos:e1].decode()
        pos = e1
        x0['port'], n1 = _unpack_from_ih(buf, pos)
        pos += 6
        if n1 < 0:
            x0['rack'] = None
        else:
            e1 = pos + n1
            if e1 > end:
                raise _truncated('MetadataResponse.brokers[].rack')
            x0['rack'] = buf[pos:e1].decode()
            pos = e1
        a0.append(x0)
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        obj['cluster_id'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('MetadataResponse.cluster_id')
        obj['cluster_id'] = buf[pos:e0].decode()
        pos = e0
    obj['controller_id'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at MetadataResponse.topics")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'MetadataResponse.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['error_code'], n1 = _unpack_from_hh(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable string at MetadataResponse.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('MetadataResponse.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        x0['is_internal'], n1 = _unpack_from_oi(buf, pos)
        pos += 5
        if n1 < 0:
            raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'MetadataResponse.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['error_code'], x1['partition_index'], x1['leader_id'], x1['leader_epoch'], n2 = _unpack_from_hiiii(buf, pos)
            pos += 18
            if n2 < 0:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].replica_nodes")
            if n2 > end - pos:
                raise _too_many(n2, end - pos, 'MetadataResponse.topics[].partitions[].replica_nodes')
            x1['replica_nodes'] = list(_unpack_from_i_arrays[n2](buf, pos) if n2 < 32 else _struct_unpack_from('>%di' % n2, buf, pos))
            pos += 4 * n2
            n2, = _unpack_from_i(buf, pos)
            pos += 4
            if n2 < 0:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].isr_nodes")
            if n2 > end - pos:
                raise _too_many(n2, end - pos, 'MetadataResponse.topics[].partitions[].isr_nodes')
            x1['isr_nodes'] = list(_unpack_from_i_arrays[n2](buf, pos) if n2 < 32 else _struct_unpack_from('>%di' % n2, buf, pos))
            pos += 4 * n2
            n2, = _unpack_from_i(buf, pos)
            pos += 4
            if n2 < 0:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].offline_replicas")
            if n2 > end - pos:
                raise _too_many(n2, end - pos, 'MetadataResponse.topics[].partitions[].offline_replicas')
            x1['offline_replicas'] = list(_unpack_from_i_arrays[n2](buf, pos) if n2 < 32 else _struct_unpack_from('>%di' % n2, buf, pos))
            pos += 4 * n2
            a1.append(x1)
        x0['topic_authorized_operations'], = _unpack_from_i(buf, pos)
        pos += 4
        x0['topic_id'] = _D_MetadataResponse_v8_1
        a0.append(x0)
    obj['cluster_authorized_operations'], = _unpack_from_i(buf, pos)
    pos += 4
    obj['error_code'] = 0
    return obj, pos


def _MetadataResponse_v8_encode(obj, w):
    # MetadataResponse v8: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_brokers = g0('brokers')
    if v0_brokers is None:
        v0_brokers = []
    w(_pack_ii(v0_throttle_time_ms, len(v0_brokers)))
    for x0 in v0_brokers:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_node_id = g2('node_id')
        if v2_node_id is None:
            v2_node_id = 0
        v2_host = g2('host')
        if v2_host is None:
            v2_host = ''
        v2_host_bytes = v2_host.encode()
        w(_pack_ih(v2_node_id, len(v2_host_bytes)))
        w(v2_host_bytes)
        v2_port = g2('port')
        if v2_port is None:
            v2_port = 0
        v2_rack = g2('rack', None)
        v2_rack_bytes = None if v2_rack is None else v2_rack.encode()
        w(_pack_ih(v2_port, -1 if v2_rack_bytes is None else len(v2_rack_bytes)))
        if v2_rack_bytes is not None:
            w(v2_rack_bytes)
    v0_cluster_id = g0('cluster_id', None)
    v0_cluster_id_bytes = None if v0_cluster_id is None else v0_cluster_id.encode()
    w(_pack_h(-1 if v0_cluster_id_bytes is None else len(v0_cluster_id_bytes)))
    if v0_cluster_id_bytes is not None:
        w(v0_cluster_id_bytes)
    v0_controller_id = g0('controller_id')
    if v0_controller_id is None:
        v0_controller_id = -1
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_ii(v0_controller_id, len(v0_topics)))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_hh(v2_error_code, len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_is_internal = g2('is_internal')
        if v2_is_internal is None:
            v2_is_internal = False
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_oi(v2_is_internal, len(v2_partitions)))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_leader_id = g4('leader_id')
            if v4_leader_id is None:
                v4_leader_id = 0
            v4_leader_epoch = g4('leader_epoch')
            if v4_leader_epoch is None:
                v4_leader_epoch = -1
            v4_replica_nodes = g4('replica_nodes')
            if v4_replica_nodes is None:
                v4_replica_nodes = []
            w(_pack_hiiii(v4_error_code, v4_partition_index, v4_leader_id, v4_leader_epoch, len(v4_replica_nodes)))
            w(_pack_i_arrays[len(v4_replica_nodes)](*v4_replica_nodes) if len(v4_replica_nodes) < 32 else _struct_pack('>%di' % len(v4_replica_nodes), *v4_replica_nodes))
            v4_isr_nodes = g4('isr_nodes')
            if v4_isr_nodes is None:
                v4_isr_nodes = []
            w(_pack_i(len(v4_isr_nodes)))
            w(_pack_i_arrays[len(v4_isr_nodes)](*v4_isr_nodes) if len(v4_isr_nodes) < 32 else _struct_pack('>%di' % len(v4_isr_nodes), *v4_isr_nodes))
            v4_offline_replicas = g4('offline_replicas')
            if v4_offline_replicas is None:
                v4_offline_replicas = []
            w(_pack_i(len(v4_offline_replicas)))
            w(_pack_i_arrays[len(v4_offline_replicas)](*v4_offline_replicas) if len(v4_offline_replicas) < 32 else _struct_pack('>%di' % len(v4_offline_replicas), *v4_offline_replicas))
        v2_topic_authorized_operations = g2('topic_authorized_operations')
        if v2_topic_authorized_operations is None:
            v2_topic_authorized_operations = -2147483648
        w(_pack_i(v2_topic_authorized_operations))
    v0_cluster_authorized_operations = g0('cluster_authorized_operations')
    if v0_cluster_authorized_operations is None:
        v0_cluster_authorized_operations = -2147483648
    w(_pack_i(v0_cluster_authorized_operations))


def _MetadataResponse_v9_decode(buf, pos):
    # MetadataResponse v9: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at MetadataResponse.brokers")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'MetadataResponse.brokers')
    obj['brokers'] = a1 = []
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
            raise _Err("null in non-nullable string at MetadataResponse.brokers[].host")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('MetadataResponse.brokers[].host')
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
                raise _truncated('MetadataResponse.brokers[].rack')
            x1['rack'] = buf[pos:e3].decode()
            pos = e3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'MetadataResponse.brokers[]')
        else:
            pos += 1
        a1.append(x1)
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['cluster_id'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('MetadataResponse.cluster_id')
        obj['cluster_id'] = buf[pos:e1].decode()
        pos = e1
    obj['controller_id'], = _unpack_from_i(buf, pos)
    pos += 4
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at MetadataResponse.topics")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'MetadataResponse.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at MetadataResponse.topics[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('MetadataResponse.topics[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        x1['is_internal'], = _unpack_from_o(buf, pos)
        pos += 1
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions")
        n3 -= 1
        if n3 > end - pos:
            raise _too_many(n3, end - pos, 'MetadataResponse.topics[].partitions')
        x1['partitions'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['error_code'], x3['partition_index'], x3['leader_id'], x3['leader_epoch'] = _unpack_from_hiii(buf, pos)
            pos += 14
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].replica_nodes")
            n5 -= 1
            if n5 > end - pos:
                raise _too_many(n5, end - pos, 'MetadataResponse.topics[].partitions[].replica_nodes')
            x3['replica_nodes'] = list(_unpack_from_i_arrays[n5](buf, pos) if n5 < 32 else _struct_unpack_from('>%di' % n5, buf, pos))
            pos += 4 * n5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].isr_nodes")
            n5 -= 1
            if n5 > end - pos:
                raise _too_many(n5, end - pos, 'MetadataResponse.topics[].partitions[].isr_nodes')
            x3['isr_nodes'] = list(_unpack_from_i_arrays[n5](buf, pos) if n5 < 32 else _struct_unpack_from('>%di' % n5, buf, pos))
            pos += 4 * n5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].offline_replicas")
            n5 -= 1
            if n5 > end - pos:
                raise _too_many(n5, end - pos, 'MetadataResponse.topics[].partitions[].offline_replicas')
            x3['offline_replicas'] = list(_unpack_from_i_arrays[n5](buf, pos) if n5 < 32 else _struct_unpack_from('>%di' % n5, buf, pos))
            pos += 4 * n5
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'MetadataResponse.topics[].partitions[]')
            else:
                pos += 1
            a3.append(x3)
        x1['topic_authorized_operations'], = _unpack_from_i(buf, pos)
        pos += 4
        x1['topic_id'] = _D_MetadataResponse_v9_1
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'MetadataResponse.topics[]')
        else:
            pos += 1
        a1.append(x1)
    obj['cluster_authorized_operations'], = _unpack_from_i(buf, pos)
    pos += 4
    obj['error_code'] = 0
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'MetadataResponse')
    else:
        pos += 1
    return obj, pos


def _MetadataResponse_v9_encode(obj, w):
    # MetadataResponse v9: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_brokers = g0('brokers')
    if v0_brokers is None:
        v0_brokers = []
    w(_pack_i(v0_throttle_time_ms))
    n0 = len(v0_brokers) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_brokers:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
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
        v2_rack = g2('rack', None)
        v2_rack_bytes = None if v2_rack is None else v2_rack.encode()
        w(_pack_i(v2_port))
        if v2_rack_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_rack_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_rack_bytes)
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_cluster_id = g0('cluster_id', None)
    v0_cluster_id_bytes = None if v0_cluster_id is None else v0_cluster_id.encode()
    if v0_cluster_id_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_cluster_id_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_cluster_id_bytes)
    v0_controller_id = g0('controller_id')
    if v0_controller_id is None:
        v0_controller_id = -1
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_i(v0_controller_id))
    n0 = len(v0_topics) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(v2_error_code))
        n2 = len(v2_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_name_bytes)
        v2_is_internal = g2('is_internal')
        if v2_is_internal is None:
            v2_is_internal = False
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_o(v2_is_internal))
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_leader_id = g4('leader_id')
            if v4_leader_id is None:
                v4_leader_id = 0
            v4_leader_epoch = g4('leader_epoch')
            if v4_leader_epoch is None:
                v4_leader_epoch = -1
            v4_replica_nodes = g4('replica_nodes')
            if v4_replica_nodes is None:
                v4_replica_nodes = []
            w(_pack_hiii(v4_error_code, v4_partition_index, v4_leader_id, v4_leader_epoch))
            n4 = len(v4_replica_nodes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(_pack_i_arrays[len(v4_replica_nodes)](*v4_replica_nodes) if len(v4_replica_nodes) < 32 else _struct_pack('>%di' % len(v4_replica_nodes), *v4_replica_nodes))
            v4_isr_nodes = g4('isr_nodes')
            if v4_isr_nodes is None:
                v4_isr_nodes = []
            n4 = len(v4_isr_nodes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(_pack_i_arrays[len(v4_isr_nodes)](*v4_isr_nodes) if len(v4_isr_nodes) < 32 else _struct_pack('>%di' % len(v4_isr_nodes), *v4_isr_nodes))
            v4_offline_replicas = g4('offline_replicas')
            if v4_offline_replicas is None:
                v4_offline_replicas = []
            n4 = len(v4_offline_replicas) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(_pack_i_arrays[len(v4_offline_replicas)](*v4_offline_replicas) if len(v4_offline_replicas) < 32 else _struct_pack('>%di' % len(v4_offline_replicas), *v4_offline_replicas))
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        v2_topic_authorized_operations = g2('topic_authorized_operations')
        if v2_topic_authorized_operations is None:
            v2_topic_authorized_operations = -2147483648
        w(_pack_i(v2_topic_authorized_operations))
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_cluster_authorized_operations = g0('cluster_authorized_operations')
    if v0_cluster_authorized_operations is None:
        v0_cluster_authorized_operations = -2147483648
    w(_pack_i(v0_cluster_authorized_operations))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _MetadataResponse_v10_decode(buf, pos):
    # MetadataResponse v10: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at MetadataResponse.brokers")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'MetadataResponse.brokers')
    obj['brokers'] = a1 = []
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
            raise _Err("null in non-nullable string at MetadataResponse.brokers[].host")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('MetadataResponse.brokers[].host')
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
                raise _truncated('MetadataResponse.brokers[].rack')
            x1['rack'] = buf[pos:e3].decode()
            pos = e3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'MetadataResponse.brokers[]')
        else:
            pos += 1
        a1.append(x1)
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['cluster_id'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('MetadataResponse.cluster_id')
        obj['cluster_id'] = buf[pos:e1].decode()
        pos = e1
    obj['controller_id'], = _unpack_from_i(buf, pos)
    pos += 4
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at MetadataResponse.topics")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'MetadataResponse.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at MetadataResponse.topics[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('MetadataResponse.topics[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        x1['topic_id'], x1['is_internal'] = _unpack_from_16so(buf, pos)
        pos += 17
        x1['topic_id'] = _uuid(x1['topic_id'])
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions")
        n3 -= 1
        if n3 > end - pos:
            raise _too_many(n3, end - pos, 'MetadataResponse.topics[].partitions')
        x1['partitions'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['error_code'], x3['partition_index'], x3['leader_id'], x3['leader_epoch'] = _unpack_from_hiii(buf, pos)
            pos += 14
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].replica_nodes")
            n5 -= 1
            if n5 > end - pos:
                raise _too_many(n5, end - pos, 'MetadataResponse.topics[].partitions[].replica_nodes')
            x3['replica_nodes'] = list(_unpack_from_i_arrays[n5](buf, pos) if n5 < 32 else _struct_unpack_from('>%di' % n5, buf, pos))
            pos += 4 * n5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].isr_nodes")
            n5 -= 1
            if n5 > end - pos:
                raise _too_many(n5, end - pos, 'MetadataResponse.topics[].partitions[].isr_nodes')
            x3['isr_nodes'] = list(_unpack_from_i_arrays[n5](buf, pos) if n5 < 32 else _struct_unpack_from('>%di' % n5, buf, pos))
            pos += 4 * n5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].offline_replicas")
            n5 -= 1
            if n5 > end - pos:
                raise _too_many(n5, end - pos, 'MetadataResponse.topics[].partitions[].offline_replicas')
            x3['offline_replicas'] = list(_unpack_from_i_arrays[n5](buf, pos) if n5 < 32 else _struct_unpack_from('>%di' % n5, buf, pos))
            pos += 4 * n5
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'MetadataResponse.topics[].partitions[]')
            else:
                pos += 1
            a3.append(x3)
        x1['topic_authorized_operations'], = _unpack_from_i(buf, pos)
        pos += 4
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'MetadataResponse.topics[]')
        else:
            pos += 1
        a1.append(x1)
    obj['cluster_authorized_operations'], = _unpack_from_i(buf, pos)
    pos += 4
    obj['error_code'] = 0
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'MetadataResponse')
    else:
        pos += 1
    return obj, pos


def _MetadataResponse_v10_encode(obj, w):
    # MetadataResponse v10: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_brokers = g0('brokers')
    if v0_brokers is None:
        v0_brokers = []
    w(_pack_i(v0_throttle_time_ms))
    n0 = len(v0_brokers) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_brokers:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
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
        v2_rack = g2('rack', None)
        v2_rack_bytes = None if v2_rack is None else v2_rack.encode()
        w(_pack_i(v2_port))
        if v2_rack_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_rack_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_rack_bytes)
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_cluster_id = g0('cluster_id', None)
    v0_cluster_id_bytes = None if v0_cluster_id is None else v0_cluster_id.encode()
    if v0_cluster_id_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_cluster_id_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_cluster_id_bytes)
    v0_controller_id = g0('controller_id')
    if v0_controller_id is None:
        v0_controller_id = -1
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_i(v0_controller_id))
    n0 = len(v0_topics) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(v2_error_code))
        n2 = len(v2_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_name_bytes)
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_MetadataResponse_v10_1
        w(v2_topic_id.bytes)
        v2_is_internal = g2('is_internal')
        if v2_is_internal is None:
            v2_is_internal = False
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_o(v2_is_internal))
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_leader_id = g4('leader_id')
            if v4_leader_id is None:
                v4_leader_id = 0
            v4_leader_epoch = g4('leader_epoch')
            if v4_leader_epoch is None:
                v4_leader_epoch = -1
            v4_replica_nodes = g4('replica_nodes')
            if v4_replica_nodes is None:
                v4_replica_nodes = []
            w(_pack_hiii(v4_error_code, v4_partition_index, v4_leader_id, v4_leader_epoch))
            n4 = len(v4_replica_nodes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(_pack_i_arrays[len(v4_replica_nodes)](*v4_replica_nodes) if len(v4_replica_nodes) < 32 else _struct_pack('>%di' % len(v4_replica_nodes), *v4_replica_nodes))
            v4_isr_nodes = g4('isr_nodes')
            if v4_isr_nodes is None:
                v4_isr_nodes = []
            n4 = len(v4_isr_nodes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(_pack_i_arrays[len(v4_isr_nodes)](*v4_isr_nodes) if len(v4_isr_nodes) < 32 else _struct_pack('>%di' % len(v4_isr_nodes), *v4_isr_nodes))
            v4_offline_replicas = g4('offline_replicas')
            if v4_offline_replicas is None:
                v4_offline_replicas = []
            n4 = len(v4_offline_replicas) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(_pack_i_arrays[len(v4_offline_replicas)](*v4_offline_replicas) if len(v4_offline_replicas) < 32 else _struct_pack('>%di' % len(v4_offline_replicas), *v4_offline_replicas))
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        v2_topic_authorized_operations = g2('topic_authorized_operations')
        if v2_topic_authorized_operations is None:
            v2_topic_authorized_operations = -2147483648
        w(_pack_i(v2_topic_authorized_operations))
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_cluster_authorized_operations = g0('cluster_authorized_operations')
    if v0_cluster_authorized_operations is None:
        v0_cluster_authorized_operations = -2147483648
    w(_pack_i(v0_cluster_authorized_operations))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _MetadataResponse_v11_decode(buf, pos):
    # MetadataResponse v11: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at MetadataResponse.brokers")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'MetadataResponse.brokers')
    obj['brokers'] = a1 = []
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
            raise _Err("null in non-nullable string at MetadataResponse.brokers[].host")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('MetadataResponse.brokers[].host')
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
                raise _truncated('MetadataResponse.brokers[].rack')
            x1['rack'] = buf[pos:e3].decode()
            pos = e3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'MetadataResponse.brokers[]')
        else:
            pos += 1
        a1.append(x1)
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['cluster_id'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('MetadataResponse.cluster_id')
        obj['cluster_id'] = buf[pos:e1].decode()
        pos = e1
    obj['controller_id'], = _unpack_from_i(buf, pos)
    pos += 4
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at MetadataResponse.topics")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'MetadataResponse.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at MetadataResponse.topics[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('MetadataResponse.topics[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        x1['topic_id'], x1['is_internal'] = _unpack_from_16so(buf, pos)
        pos += 17
        x1['topic_id'] = _uuid(x1['topic_id'])
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions")
        n3 -= 1
        if n3 > end - pos:
            raise _too_many(n3, end - pos, 'MetadataResponse.topics[].partitions')
        x1['partitions'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['error_code'], x3['partition_index'], x3['leader_id'], x3['leader_epoch'] = _unpack_from_hiii(buf, pos)
            pos += 14
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].replica_nodes")
            n5 -= 1
            if n5 > end - pos:
                raise _too_many(n5, end - pos, 'MetadataResponse.topics[].partitions[].replica_nodes')
            x3['replica_nodes'] = list(_unpack_from_i_arrays[n5](buf, pos) if n5 < 32 else _struct_unpack_from('>%di' % n5, buf, pos))
            pos += 4 * n5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].isr_nodes")
            n5 -= 1
            if n5 > end - pos:
                raise _too_many(n5, end - pos, 'MetadataResponse.topics[].partitions[].isr_nodes')
            x3['isr_nodes'] = list(_unpack_from_i_arrays[n5](buf, pos) if n5 < 32 else _struct_unpack_from('>%di' % n5, buf, pos))
            pos += 4 * n5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].offline_replicas")
            n5 -= 1
            if n5 > end - pos:
                raise _too_many(n5, end - pos, 'MetadataResponse.topics[].partitions[].offline_replicas')
            x3['offline_replicas'] = list(_unpack_from_i_arrays[n5](buf, pos) if n5 < 32 else _struct_unpack_from('>%di' % n5, buf, pos))
            pos += 4 * n5
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'MetadataResponse.topics[].partitions[]')
            else:
                pos += 1
            a3.append(x3)
        x1['topic_authorized_operations'], = _unpack_from_i(buf, pos)
        pos += 4
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'MetadataResponse.topics[]')
        else:
            pos += 1
        a1.append(x1)
    obj['cluster_authorized_operations'] = -2147483648
    obj['error_code'] = 0
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'MetadataResponse')
    else:
        pos += 1
    return obj, pos


def _MetadataResponse_v11_encode(obj, w):
    # MetadataResponse v11: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_brokers = g0('brokers')
    if v0_brokers is None:
        v0_brokers = []
    w(_pack_i(v0_throttle_time_ms))
    n0 = len(v0_brokers) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_brokers:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
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
        v2_rack = g2('rack', None)
        v2_rack_bytes = None if v2_rack is None else v2_rack.encode()
        w(_pack_i(v2_port))
        if v2_rack_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_rack_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_rack_bytes)
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_cluster_id = g0('cluster_id', None)
    v0_cluster_id_bytes = None if v0_cluster_id is None else v0_cluster_id.encode()
    if v0_cluster_id_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_cluster_id_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_cluster_id_bytes)
    v0_controller_id = g0('controller_id')
    if v0_controller_id is None:
        v0_controller_id = -1
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_i(v0_controller_id))
    n0 = len(v0_topics) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(v2_error_code))
        n2 = len(v2_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_name_bytes)
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_MetadataResponse_v11_1
        w(v2_topic_id.bytes)
        v2_is_internal = g2('is_internal')
        if v2_is_internal is None:
            v2_is_internal = False
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_o(v2_is_internal))
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_leader_id = g4('leader_id')
            if v4_leader_id is None:
                v4_leader_id = 0
            v4_leader_epoch = g4('leader_epoch')
            if v4_leader_epoch is None:
                v4_leader_epoch = -1
            v4_replica_nodes = g4('replica_nodes')
            if v4_replica_nodes is None:
                v4_replica_nodes = []
            w(_pack_hiii(v4_error_code, v4_partition_index, v4_leader_id, v4_leader_epoch))
            n4 = len(v4_replica_nodes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(_pack_i_arrays[len(v4_replica_nodes)](*v4_replica_nodes) if len(v4_replica_nodes) < 32 else _struct_pack('>%di' % len(v4_replica_nodes), *v4_replica_nodes))
            v4_isr_nodes = g4('isr_nodes')
            if v4_isr_nodes is None:
                v4_isr_nodes = []
            n4 = len(v4_isr_nodes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(_pack_i_arrays[len(v4_isr_nodes)](*v4_isr_nodes) if len(v4_isr_nodes) < 32 else _struct_pack('>%di' % len(v4_isr_nodes), *v4_isr_nodes))
            v4_offline_replicas = g4('offline_replicas')
            if v4_offline_replicas is None:
                v4_offline_replicas = []
            n4 = len(v4_offline_replicas) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(_pack_i_arrays[len(v4_offline_replicas)](*v4_offline_replicas) if len(v4_offline_replicas) < 32 else _struct_pack('>%di' % len(v4_offline_replicas), *v4_offline_replicas))
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        v2_topic_authorized_operations = g2('topic_authorized_operations')
        if v2_topic_authorized_operations is None:
            v2_topic_authorized_operations = -2147483648
        w(_pack_i(v2_topic_authorized_operations))
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


def _MetadataResponse_v12_decode(buf, pos):
    # MetadataResponse v12: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at MetadataResponse.brokers")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'MetadataResponse.brokers')
    obj['brokers'] = a1 = []
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
            raise _Err("null in non-nullable string at MetadataResponse.brokers[].host")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('MetadataResponse.brokers[].host')
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
                raise _truncated('MetadataResponse.brokers[].rack')
            x1['rack'] = buf[pos:e3].decode()
            pos = e3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'MetadataResponse.brokers[]')
        else:
            pos += 1
        a1.append(x1)
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['cluster_id'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('MetadataResponse.cluster_id')
        obj['cluster_id'] = buf[pos:e1].decode()
        pos = e1
    obj['controller_id'], = _unpack_from_i(buf, pos)
    pos += 4
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at MetadataResponse.topics")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'MetadataResponse.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            x1['name'] = None
        else:
            n3 -= 1
            e3 = pos + n3
            if e3 > end:
                raise _truncated('MetadataResponse.topics[].name')
            x1['name'] = buf[pos:e3].decode()
            pos = e3
        x1['topic_id'], x1['is_internal'] = _unpack_from_16so(buf, pos)
        pos += 17
        x1['topic_id'] = _uuid(x1['topic_id'])
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions")
        n3 -= 1
        if n3 > end - pos:
            raise _too_many(n3, end - pos, 'MetadataResponse.topics[].partitions')
        x1['partitions'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['error_code'], x3['partition_index'], x3['leader_id'], x3['leader_epoch'] = _unpack_from_hiii(buf, pos)
            pos += 14
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].replica_nodes")
            n5 -= 1
            if n5 > end - pos:
                raise _too_many(n5, end - pos, 'MetadataResponse.topics[].partitions[].replica_nodes')
            x3['replica_nodes'] = list(_unpack_from_i_arrays[n5](buf, pos) if n5 < 32 else _struct_unpack_from('>%di' % n5, buf, pos))
            pos += 4 * n5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].isr_nodes")
            n5 -= 1
            if n5 > end - pos:
                raise _too_many(n5, end - pos, 'MetadataResponse.topics[].partitions[].isr_nodes')
            x3['isr_nodes'] = list(_unpack_from_i_arrays[n5](buf, pos) if n5 < 32 else _struct_unpack_from('>%di' % n5, buf, pos))
            pos += 4 * n5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].offline_replicas")
            n5 -= 1
            if n5 > end - pos:
                raise _too_many(n5, end - pos, 'MetadataResponse.topics[].partitions[].offline_replicas')
            x3['offline_replicas'] = list(_unpack_from_i_arrays[n5](buf, pos) if n5 < 32 else _struct_unpack_from('>%di' % n5, buf, pos))
            pos += 4 * n5
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'MetadataResponse.topics[].partitions[]')
            else:
                pos += 1
            a3.append(x3)
        x1['topic_authorized_operations'], = _unpack_from_i(buf, pos)
        pos += 4
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'MetadataResponse.topics[]')
        else:
            pos += 1
        a1.append(x1)
    obj['cluster_authorized_operations'] = -2147483648
    obj['error_code'] = 0
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'MetadataResponse')
    else:
        pos += 1
    return obj, pos


def _MetadataResponse_v12_encode(obj, w):
    # MetadataResponse v12: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_brokers = g0('brokers')
    if v0_brokers is None:
        v0_brokers = []
    w(_pack_i(v0_throttle_time_ms))
    n0 = len(v0_brokers) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_brokers:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
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
        v2_rack = g2('rack', None)
        v2_rack_bytes = None if v2_rack is None else v2_rack.encode()
        w(_pack_i(v2_port))
        if v2_rack_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_rack_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_rack_bytes)
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_cluster_id = g0('cluster_id', None)
    v0_cluster_id_bytes = None if v0_cluster_id is None else v0_cluster_id.encode()
    if v0_cluster_id_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_cluster_id_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_cluster_id_bytes)
    v0_controller_id = g0('controller_id')
    if v0_controller_id is None:
        v0_controller_id = -1
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_i(v0_controller_id))
    n0 = len(v0_topics) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_name = g2('name', '')
        v2_name_bytes = None if v2_name is None else v2_name.encode()
        w(_pack_h(v2_error_code))
        if v2_name_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_name_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_name_bytes)
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_MetadataResponse_v12_1
        w(v2_topic_id.bytes)
        v2_is_internal = g2('is_internal')
        if v2_is_internal is None:
            v2_is_internal = False
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_o(v2_is_internal))
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_leader_id = g4('leader_id')
            if v4_leader_id is None:
                v4_leader_id = 0
            v4_leader_epoch = g4('leader_epoch')
            if v4_leader_epoch is None:
                v4_leader_epoch = -1
            v4_replica_nodes = g4('replica_nodes')
            if v4_replica_nodes is None:
                v4_replica_nodes = []
            w(_pack_hiii(v4_error_code, v4_partition_index, v4_leader_id, v4_leader_epoch))
            n4 = len(v4_replica_nodes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(_pack_i_arrays[len(v4_replica_nodes)](*v4_replica_nodes) if len(v4_replica_nodes) < 32 else _struct_pack('>%di' % len(v4_replica_nodes), *v4_replica_nodes))
            v4_isr_nodes = g4('isr_nodes')
            if v4_isr_nodes is None:
                v4_isr_nodes = []
            n4 = len(v4_isr_nodes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(_pack_i_arrays[len(v4_isr_nodes)](*v4_isr_nodes) if len(v4_isr_nodes) < 32 else _struct_pack('>%di' % len(v4_isr_nodes), *v4_isr_nodes))
            v4_offline_replicas = g4('offline_replicas')
            if v4_offline_replicas is None:
                v4_offline_replicas = []
            n4 = len(v4_offline_replicas) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(_pack_i_arrays[len(v4_offline_replicas)](*v4_offline_replicas) if len(v4_offline_replicas) < 32 else _struct_pack('>%di' % len(v4_offline_replicas), *v4_offline_replicas))
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        v2_topic_authorized_operations = g2('topic_authorized_operations')
        if v2_topic_authorized_operations is None:
            v2_topic_authorized_operations = -2147483648
        w(_pack_i(v2_topic_authorized_operations))
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


def _MetadataResponse_v13_decode(buf, pos):
    # MetadataResponse v13: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at MetadataResponse.brokers")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'MetadataResponse.brokers')
    obj['brokers'] = a1 = []
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
            raise _Err("null in non-nullable string at MetadataResponse.brokers[].host")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('MetadataResponse.brokers[].host')
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
                raise _truncated('MetadataResponse.brokers[].rack')
            x1['rack'] = buf[pos:e3].decode()
            pos = e3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'MetadataResponse.brokers[]')
        else:
            pos += 1
        a1.append(x1)
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['cluster_id'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('MetadataResponse.cluster_id')
        obj['cluster_id'] = buf[pos:e1].decode()
        pos = e1
    obj['controller_id'], = _unpack_from_i(buf, pos)
    pos += 4
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at MetadataResponse.topics")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'MetadataResponse.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            x1['name'] = None
        else:
            n3 -= 1
            e3 = pos + n3
            if e3 > end:
                raise _truncated('MetadataResponse.topics[].name')
            x1['name'] = buf[pos:e3].decode()
            pos = e3
        x1['topic_id'], x1['is_internal'] = _unpack_from_16so(buf, pos)
        pos += 17
        x1['topic_id'] = _uuid(x1['topic_id'])
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions")
        n3 -= 1
        if n3 > end - pos:
            raise _too_many(n3, end - pos, 'MetadataResponse.topics[].partitions')
        x1['partitions'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['error_code'], x3['partition_index'], x3['leader_id'], x3['leader_epoch'] = _unpack_from_hiii(buf, pos)
            pos += 14
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].replica_nodes")
            n5 -= 1
            if n5 > end - pos:
                raise _too_many(n5, end - pos, 'MetadataResponse.topics[].partitions[].replica_nodes')
            x3['replica_nodes'] = list(_unpack_from_i_arrays[n5](buf, pos) if n5 < 32 else _struct_unpack_from('>%di' % n5, buf, pos))
            pos += 4 * n5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].isr_nodes")
            n5 -= 1
            if n5 > end - pos:
                raise _too_many(n5, end - pos, 'MetadataResponse.topics[].partitions[].isr_nodes')
            x3['isr_nodes'] = list(_unpack_from_i_arrays[n5](buf, pos) if n5 < 32 else _struct_unpack_from('>%di' % n5, buf, pos))
            pos += 4 * n5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at MetadataResponse.topics[].partitions[].offline_replicas")
            n5 -= 1
            if n5 > end - pos:
                raise _too_many(n5, end - pos, 'MetadataResponse.topics[].partitions[].offline_replicas')
            x3['offline_replicas'] = list(_unpack_from_i_arrays[n5](buf, pos) if n5 < 32 else _struct_unpack_from('>%di' % n5, buf, pos))
            pos += 4 * n5
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'MetadataResponse.topics[].partitions[]')
            else:
                pos += 1
            a3.append(x3)
        x1['topic_authorized_operations'], = _unpack_from_i(buf, pos)
        pos += 4
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'MetadataResponse.topics[]')
        else:
            pos += 1
        a1.append(x1)
    obj['error_code'], = _unpack_from_h(buf, pos)
    pos += 2
    obj['cluster_authorized_operations'] = -2147483648
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'MetadataResponse')
    else:
        pos += 1
    return obj, pos


def _MetadataResponse_v13_encode(obj, w):
    # MetadataResponse v13: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_brokers = g0('brokers')
    if v0_brokers is None:
        v0_brokers = []
    w(_pack_i(v0_throttle_time_ms))
    n0 = len(v0_brokers) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_brokers:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
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
        v2_rack = g2('rack', None)
        v2_rack_bytes = None if v2_rack is None else v2_rack.encode()
        w(_pack_i(v2_port))
        if v2_rack_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_rack_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_rack_bytes)
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_cluster_id = g0('cluster_id', None)
    v0_cluster_id_bytes = None if v0_cluster_id is None else v0_cluster_id.encode()
    if v0_cluster_id_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_cluster_id_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_cluster_id_bytes)
    v0_controller_id = g0('controller_id')
    if v0_controller_id is None:
        v0_controller_id = -1
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_i(v0_controller_id))
    n0 = len(v0_topics) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_name = g2('name', '')
        v2_name_bytes = None if v2_name is None else v2_name.encode()
        w(_pack_h(v2_error_code))
        if v2_name_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_name_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_name_bytes)
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_MetadataResponse_v13_1
        w(v2_topic_id.bytes)
        v2_is_internal = g2('is_internal')
        if v2_is_internal is None:
            v2_is_internal = False
        v2_partitions = g2('partitions')
        if v2_partitions is None:
            v2_partitions = []
        w(_pack_o(v2_is_internal))
        n2 = len(v2_partitions) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_partitions:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_leader_id = g4('leader_id')
            if v4_leader_id is None:
                v4_leader_id = 0
            v4_leader_epoch = g4('leader_epoch')
            if v4_leader_epoch is None:
                v4_leader_epoch = -1
            v4_replica_nodes = g4('replica_nodes')
            if v4_replica_nodes is None:
                v4_replica_nodes = []
            w(_pack_hiii(v4_error_code, v4_partition_index, v4_leader_id, v4_leader_epoch))
            n4 = len(v4_replica_nodes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(_pack_i_arrays[len(v4_replica_nodes)](*v4_replica_nodes) if len(v4_replica_nodes) < 32 else _struct_pack('>%di' % len(v4_replica_nodes), *v4_replica_nodes))
            v4_isr_nodes = g4('isr_nodes')
            if v4_isr_nodes is None:
                v4_isr_nodes = []
            n4 = len(v4_isr_nodes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(_pack_i_arrays[len(v4_isr_nodes)](*v4_isr_nodes) if len(v4_isr_nodes) < 32 else _struct_pack('>%di' % len(v4_isr_nodes), *v4_isr_nodes))
            v4_offline_replicas = g4('offline_replicas')
            if v4_offline_replicas is None:
                v4_offline_replicas = []
            n4 = len(v4_offline_replicas) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(_pack_i_arrays[len(v4_offline_replicas)](*v4_offline_replicas) if len(v4_offline_replicas) < 32 else _struct_pack('>%di' % len(v4_offline_replicas), *v4_offline_replicas))
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        v2_topic_authorized_operations = g2('topic_authorized_operations')
        if v2_topic_authorized_operations is None:
            v2_topic_authorized_operations = -2147483648
        w(_pack_i(v2_topic_authorized_operations))
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


def _DescribeGroupsRequest_v0_decode(buf, pos):
    # DescribeGroupsRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at DescribeGroupsRequest.groups")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'DescribeGroupsRequest.groups')
    obj['groups'] = a0 = []
    for _ in range(n0):
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at DescribeGroupsRequest.groups[]")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DescribeGroupsRequest.groups[]')
        x0 = buf[pos:e1].decode()
        pos = e1
        a0.append(x0)
    obj['include_authorized_operations'] = False
    return obj, pos


def _DescribeGroupsRequest_v0_encode(obj, w):
    # DescribeGroupsRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_groups = g0('groups')
    if v0_groups is None:
        v0_groups = []
    w(_pack_i(len(v0_groups)))
    for x0 in v0_groups:
        if x0 is None:
            raise _null_build('string', 'DescribeGroupsRequest.groups[]')
        x0_bytes = x0.encode()
        w(_pack_h(len(x0_bytes)))
        w(x0_bytes)


def _DescribeGroupsRequest_v3_decode(buf, pos):
    # DescribeGroupsRequest v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at DescribeGroupsRequest.groups")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'DescribeGroupsRequest.groups')
    obj['groups'] = a0 = []
    for _ in range(n0):
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at DescribeGroupsRequest.groups[]")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DescribeGroupsRequest.groups[]')
        x0 = buf[pos:e1].decode()
        pos = e1
        a0.append(x0)
    obj['include_authorized_operations'], = _unpack_from_o(buf, pos)
    pos += 1
    return obj, pos


def _DescribeGroupsRequest_v3_encode(obj, w):
    # DescribeGroupsRequest v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_groups = g0('groups')
    if v0_groups is None:
        v0_groups = []
    w(_pack_i(len(v0_groups)))
    for x0 in v0_groups:
        if x0 is None:
            raise _null_build('string', 'DescribeGroupsRequest.groups[]')
        x0_bytes = x0.encode()
        w(_pack_h(len(x0_bytes)))
        w(x0_bytes)
    v0_include_authorized_operations = g0('include_authorized_operations')
    if v0_include_authorized_operations is None:
        v0_include_authorized_operations = False
    w(_pack_o(v0_include_authorized_operations))


def _DescribeGroupsRequest_v5_decode(buf, pos):
    # DescribeGroupsRequest v5: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at DescribeGroupsRequest.groups")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'DescribeGroupsRequest.groups')
    obj['groups'] = a1 = []
    for _ in range(n1):
        n2 = buf[pos]
        if n2 > 127:
            n2, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n2:
            raise _Err("null in non-nullable string at DescribeGroupsRequest.groups[]")
        n2 -= 1
        e2 = pos + n2
        if e2 > end:
            raise _truncated('DescribeGroupsRequest.groups[]')
        x1 = buf[pos:e2].decode()
        pos = e2
        a1.append(x1)
    obj['include_authorized_operations'], = _unpack_from_o(buf, pos)
    pos += 1
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DescribeGroupsRequest')
    else:
        pos += 1
    return obj, pos


def _DescribeGroupsRequest_v5_encode(obj, w):
    # DescribeGroupsRequest v5: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_groups = g0('groups')
    if v0_groups is None:
        v0_groups = []
    n0 = len(v0_groups) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_groups:
        if x0 is None:
            raise _null_build('string', 'DescribeGroupsRequest.groups[]')
        x0_bytes = x0.encode()
        n1 = len(x0_bytes) + 1
        w(_UV[n1] if n1 < 128 else _uv(n1))
        w(x0_bytes)
    v0_include_authorized_operations = g0('include_authorized_operations')
    if v0_include_authorized_operations is None:
        v0_include_authorized_operations = False
    w(_pack_o(v0_include_authorized_operations))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _DescribeGroupsResponse_v0_decode(buf, pos):
    # DescribeGroupsResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at DescribeGroupsResponse.groups")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'DescribeGroupsResponse.groups')
    obj['groups'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['error_code'], n1 = _unpack_from_hh(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].group_id")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DescribeGroupsResponse.groups[].group_id')
        x0['group_id'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].group_state")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DescribeGroupsResponse.groups[].group_state')
        x0['group_state'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].protocol_type")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DescribeGroupsResponse.groups[].protocol_type')
        x0['protocol_type'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].protocol_data")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DescribeGroupsResponse.groups[].protocol_data')
        x0['protocol_data'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at DescribeGroupsResponse.groups[].members")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'DescribeGroupsResponse.groups[].members')
        x0['members'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].members[].member_id")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DescribeGroupsResponse.groups[].members[].member_id')
            x1['member_id'] = buf[pos:e2].decode()
            pos = e2
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].members[].client_id")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DescribeGroupsResponse.groups[].members[].client_id')
            x1['client_id'] = buf[pos:e2].decode()
            pos = e2
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].members[].client_host")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DescribeGroupsResponse.groups[].members[].client_host')
            x1['client_host'] = buf[pos:e2].decode()
            pos = e2
            n2, = _unpack_from_i(buf, pos)
            pos += 4
            if n2 < 0:
                raise _Err("null in non-nullable bytes at DescribeGroupsResponse.groups[].members[].member_metadata")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DescribeGroupsResponse.groups[].members[].member_metadata')
            x1['member_metadata'] = buf[pos:e2]
            pos = e2
            n2, = _unpack_from_i(buf, pos)
            pos += 4
            if n2 < 0:
                raise _Err("null in non-nullable bytes at DescribeGroupsResponse.groups[].members[].member_assignment")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DescribeGroupsResponse.groups[].members[].member_assignment')
            x1['member_assignment'] = buf[pos:e2]
            pos = e2
            x1['group_instance_id'] = None
            a1.append(x1)
        x0['error_message'] = None
        x0['authorized_operations'] = -2147483648
        a0.append(x0)
    obj['throttle_time_ms'] = 0
    return obj, pos


def _DescribeGroupsResponse_v0_encode(obj, w):
    # DescribeGroupsResponse v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_groups = g0('groups')
    if v0_groups is None:
        v0_groups = []
    w(_pack_i(len(v0_groups)))
    for x0 in v0_groups:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_group_id = g2('group_id')
        if v2_group_id is None:
            v2_group_id = ''
        v2_group_id_bytes = v2_group_id.encode()
        w(_pack_hh(v2_error_code, len(v2_group_id_bytes)))
        w(v2_group_id_bytes)
        v2_group_state = g2('group_state')
        if v2_group_state is None:
            v2_group_state = ''
        v2_group_state_bytes = v2_group_state.encode()
        w(_pack_h(len(v2_group_state_bytes)))
        w(v2_group_state_bytes)
        v2_protocol_type = g2('protocol_type')
        if v2_protocol_type is None:
            v2_protocol_type = ''
        v2_protocol_type_bytes = v2_protocol_type.encode()
        w(_pack_h(len(v2_protocol_type_bytes)))
        w(v2_protocol_type_bytes)
        v2_protocol_data = g2('protocol_data')
        if v2_protocol_data is None:
            v2_protocol_data = ''
        v2_protocol_data_bytes = v2_protocol_data.encode()
        w(_pack_h(len(v2_protocol_data_bytes)))
        w(v2_protocol_data_bytes)
        v2_members = g2('members')
        if v2_members is None:
            v2_members = []
        w(_pack_i(len(v2_members)))
        for x2 in v2_members:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_member_id = g4('member_id')
            if v4_member_id is None:
                v4_member_id = ''
            v4_member_id_bytes = v4_member_id.encode()
            w(_pack_h(len(v4_member_id_bytes)))
            w(v4_member_id_bytes)
            v4_client_id = g4('client_id')
            if v4_client_id is None:
                v4_client_id = ''
            v4_client_id_bytes = v4_client_id.encode()
            w(_pack_h(len(v4_client_id_bytes)))
            w(v4_client_id_bytes)
            v4_client_host = g4('client_host')
            if v4_client_host is None:
                v4_client_host = ''
            v4_client_host_bytes = v4_client_host.encode()
            w(_pack_h(len(v4_client_host_bytes)))
            w(v4_client_host_bytes)
            v4_member_metadata = g4('member_metadata')
            if v4_member_metadata is None:
                v4_member_metadata = b''
            w(_pack_i(len(v4_member_metadata)))
            w(v4_member_metadata)
            v4_member_assignment = g4('member_assignment')
            if v4_member_assignment is None:
                v4_member_assignment = b''
            w(_pack_i(len(v4_member_assignment)))
            w(v4_member_assignment)


def _DescribeGroupsResponse_v1_decode(buf, pos):
    # DescribeGroupsResponse v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at DescribeGroupsResponse.groups")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'DescribeGroupsResponse.groups')
    obj['groups'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['error_code'], n1 = _unpack_from_hh(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].group_id")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DescribeGroupsResponse.groups[].group_id')
        x0['group_id'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].group_state")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DescribeGroupsResponse.groups[].group_state')
        x0['group_state'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].protocol_type")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DescribeGroupsResponse.groups[].protocol_type')
        x0['protocol_type'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].protocol_data")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DescribeGroupsResponse.groups[].protocol_data')
        x0['protocol_data'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at DescribeGroupsResponse.groups[].members")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'DescribeGroupsResponse.groups[].members')
        x0['members'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].members[].member_id")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DescribeGroupsResponse.groups[].members[].member_id')
            x1['member_id'] = buf[pos:e2].decode()
            pos = e2
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].members[].client_id")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DescribeGroupsResponse.groups[].members[].client_id')
            x1['client_id'] = buf[pos:e2].decode()
            pos = e2
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].members[].client_host")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DescribeGroupsResponse.groups[].members[].client_host')
            x1['client_host'] = buf[pos:e2].decode()
            pos = e2
            n2, = _unpack_from_i(buf, pos)
            pos += 4
            if n2 < 0:
                raise _Err("null in non-nullable bytes at DescribeGroupsResponse.groups[].members[].member_metadata")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DescribeGroupsResponse.groups[].members[].member_metadata')
            x1['member_metadata'] = buf[pos:e2]
            pos = e2
            n2, = _unpack_from_i(buf, pos)
            pos += 4
            if n2 < 0:
                raise _Err("null in non-nullable bytes at DescribeGroupsResponse.groups[].members[].member_assignment")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DescribeGroupsResponse.groups[].members[].member_assignment')
            x1['member_assignment'] = buf[pos:e2]
            pos = e2
            x1['group_instance_id'] = None
            a1.append(x1)
        x0['error_message'] = None
        x0['authorized_operations'] = -2147483648
        a0.append(x0)
    return obj, pos


def _DescribeGroupsResponse_v1_encode(obj, w):
    # DescribeGroupsResponse v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_groups = g0('groups')
    if v0_groups is None:
        v0_groups = []
    w(_pack_ii(v0_throttle_time_ms, len(v0_groups)))
    for x0 in v0_groups:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_group_id = g2('group_id')
        if v2_group_id is None:
            v2_group_id = ''
        v2_group_id_bytes = v2_group_id.encode()
        w(_pack_hh(v2_error_code, len(v2_group_id_bytes)))
        w(v2_group_id_bytes)
        v2_group_state = g2('group_state')
        if v2_group_state is None:
            v2_group_state = ''
        v2_group_state_bytes = v2_group_state.encode()
        w(_pack_h(len(v2_group_state_bytes)))
        w(v2_group_state_bytes)
        v2_protocol_type = g2('protocol_type')
        if v2_protocol_type is None:
            v2_protocol_type = ''
        v2_protocol_type_bytes = v2_protocol_type.encode()
        w(_pack_h(len(v2_protocol_type_bytes)))
        w(v2_protocol_type_bytes)
        v2_protocol_data = g2('protocol_data')
        if v2_protocol_data is None:
            v2_protocol_data = ''
        v2_protocol_data_bytes = v2_protocol_data.encode()
        w(_pack_h(len(v2_protocol_data_bytes)))
        w(v2_protocol_data_bytes)
        v2_members = g2('members')
        if v2_members is None:
            v2_members = []
        w(_pack_i(len(v2_members)))
        for x2 in v2_members:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_member_id = g4('member_id')
            if v4_member_id is None:
                v4_member_id = ''
            v4_member_id_bytes = v4_member_id.encode()
            w(_pack_h(len(v4_member_id_bytes)))
            w(v4_member_id_bytes)
            v4_client_id = g4('client_id')
            if v4_client_id is None:
                v4_client_id = ''
            v4_client_id_bytes = v4_client_id.encode()
            w(_pack_h(len(v4_client_id_bytes)))
            w(v4_client_id_bytes)
            v4_client_host = g4('client_host')
            if v4_client_host is None:
                v4_client_host = ''
            v4_client_host_bytes = v4_client_host.encode()
            w(_pack_h(len(v4_client_host_bytes)))
            w(v4_client_host_bytes)
            v4_member_metadata = g4('member_metadata')
            if v4_member_metadata is None:
                v4_member_metadata = b''
            w(_pack_i(len(v4_member_metadata)))
            w(v4_member_metadata)
            v4_member_assignment = g4('member_assignment')
            if v4_member_assignment is None:
                v4_member_assignment = b''
            w(_pack_i(len(v4_member_assignment)))
            w(v4_member_assignment)


def _DescribeGroupsResponse_v3_decode(buf, pos):
    # DescribeGroupsResponse v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at DescribeGroupsResponse.groups")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'DescribeGroupsResponse.groups')
    obj['groups'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['error_code'], n1 = _unpack_from_hh(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].group_id")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DescribeGroupsResponse.groups[].group_id')
        x0['group_id'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].group_state")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DescribeGroupsResponse.groups[].group_state')
        x0['group_state'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].protocol_type")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DescribeGroupsResponse.groups[].protocol_type')
        x0['protocol_type'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].protocol_data")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DescribeGroupsResponse.groups[].protocol_data')
        x0['protocol_data'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at DescribeGroupsResponse.groups[].members")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'DescribeGroupsResponse.groups[].members')
        x0['members'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].members[].member_id")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DescribeGroupsResponse.groups[].members[].member_id')
            x1['member_id'] = buf[pos:e2].decode()
            pos = e2
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].members[].client_id")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DescribeGroupsResponse.groups[].members[].client_id')
            x1['client_id'] = buf[pos:e2].decode()
            pos = e2
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].members[].client_host")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DescribeGroupsResponse.groups[].members[].client_host')
            x1['client_host'] = buf[pos:e2].decode()
            pos = e2
            n2, = _unpack_from_i(buf, pos)
            pos += 4
            if n2 < 0:
                raise _Err("null in non-nullable bytes at DescribeGroupsResponse.groups[].members[].member_metadata")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DescribeGroupsResponse.groups[].members[].member_metadata')
            x1['member_metadata'] = buf[pos:e2]
            pos = e2
            n2, = _unpack_from_i(buf, pos)
            pos += 4
            if n2 < 0:
                raise _Err("null in non-nullable bytes at DescribeGroupsResponse.groups[].members[].member_assignment")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DescribeGroupsResponse.groups[].members[].member_assignment')
            x1['member_assignment'] = buf[pos:e2]
            pos = e2
            x1['group_instance_id'] = None
            a1.append(x1)
        x0['authorized_operations'], = _unpack_from_i(buf, pos)
        pos += 4
        x0['error_message'] = None
        a0.append(x0)
    return obj, pos


def _DescribeGroupsResponse_v3_encode(obj, w):
    # DescribeGroupsResponse v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_groups = g0('groups')
    if v0_groups is None:
        v0_groups = []
    w(_pack_ii(v0_throttle_time_ms, len(v0_groups)))
    for x0 in v0_groups:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_group_id = g2('group_id')
        if v2_group_id is None:
            v2_group_id = ''
        v2_group_id_bytes = v2_group_id.encode()
        w(_pack_hh(v2_error_code, len(v2_group_id_bytes)))
        w(v2_group_id_bytes)
        v2_group_state = g2('group_state')
        if v2_group_state is None:
            v2_group_state = ''
        v2_group_state_bytes = v2_group_state.encode()
        w(_pack_h(len(v2_group_state_bytes)))
        w(v2_group_state_bytes)
        v2_protocol_type = g2('protocol_type')
        if v2_protocol_type is None:
            v2_protocol_type = ''
        v2_protocol_type_bytes = v2_protocol_type.encode()
        w(_pack_h(len(v2_protocol_type_bytes)))
        w(v2_protocol_type_bytes)
        v2_protocol_data = g2('protocol_data')
        if v2_protocol_data is None:
            v2_protocol_data = ''
        v2_protocol_data_bytes = v2_protocol_data.encode()
        w(_pack_h(len(v2_protocol_data_bytes)))
        w(v2_protocol_data_bytes)
        v2_members = g2('members')
        if v2_members is None:
            v2_members = []
        w(_pack_i(len(v2_members)))
        for x2 in v2_members:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_member_id = g4('member_id')
            if v4_member_id is None:
                v4_member_id = ''
            v4_member_id_bytes = v4_member_id.encode()
            w(_pack_h(len(v4_member_id_bytes)))
            w(v4_member_id_bytes)
            v4_client_id = g4('client_id')
            if v4_client_id is None:
                v4_client_id = ''
            v4_client_id_bytes = v4_client_id.encode()
            w(_pack_h(len(v4_client_id_bytes)))
            w(v4_client_id_bytes)
            v4_client_host = g4('client_host')
            if v4_client_host is None:
                v4_client_host = ''
            v4_client_host_bytes = v4_client_host.encode()
            w(_pack_h(len(v4_client_host_bytes)))
            w(v4_client_host_bytes)
            v4_member_metadata = g4('member_metadata')
            if v4_member_metadata is None:
                v4_member_metadata = b''
            w(_pack_i(len(v4_member_metadata)))
            w(v4_member_metadata)
            v4_member_assignment = g4('member_assignment')
            if v4_member_assignment is None:
                v4_member_assignment = b''
            w(_pack_i(len(v4_member_assignment)))
            w(v4_member_assignment)
        v2_authorized_operations = g2('authorized_operations')
        if v2_authorized_operations is None:
            v2_authorized_operations = -2147483648
        w(_pack_i(v2_authorized_operations))


def _DescribeGroupsResponse_v4_decode(buf, pos):
    # DescribeGroupsResponse v4: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at DescribeGroupsResponse.groups")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'DescribeGroupsResponse.groups')
    obj['groups'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['error_code'], n1 = _unpack_from_hh(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].group_id")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DescribeGroupsResponse.groups[].group_id')
        x0['group_id'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].group_state")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DescribeGroupsResponse.groups[].group_state')
        x0['group_state'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].protocol_type")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DescribeGroupsResponse.groups[].protocol_type')
        x0['protocol_type'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].protocol_data")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DescribeGroupsResponse.groups[].protocol_data')
        x0['protocol_data'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at DescribeGroupsResponse.groups[].members")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'DescribeGroupsResponse.groups[].members')
        x0['members'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].members[].member_id")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DescribeGroupsResponse.groups[].members[].member_id')
            x1['member_id'] = buf[pos:e2].decode()
            pos = e2
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                x1['group_instance_id'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('DescribeGroupsResponse.groups[].members[].group_instance_id')
                x1['group_instance_id'] = buf[pos:e2].decode()
                pos = e2
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].members[].client_id")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DescribeGroupsResponse.groups[].members[].client_id')
            x1['client_id'] = buf[pos:e2].decode()
            pos = e2
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].members[].client_host")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DescribeGroupsResponse.groups[].members[].client_host')
            x1['client_host'] = buf[pos:e2].decode()
            pos = e2
            n2, = _unpack_from_i(buf, pos)
            pos += 4
            if n2 < 0:
                raise _Err("null in non-nullable bytes at DescribeGroupsResponse.groups[].members[].member_metadata")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DescribeGroupsResponse.groups[].members[].member_metadata')
            x1['member_metadata'] = buf[pos:e2]
            pos = e2
            n2, = _unpack_from_i(buf, pos)
            pos += 4
            if n2 < 0:
                raise _Err("null in non-nullable bytes at DescribeGroupsResponse.groups[].members[].member_assignment")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DescribeGroupsResponse.groups[].members[].member_assignment')
            x1['member_assignment'] = buf[pos:e2]
            pos = e2
            a1.append(x1)
        x0['authorized_operations'], = _unpack_from_i(buf, pos)
        pos += 4
        x0['error_message'] = None
        a0.append(x0)
    return obj, pos


def _DescribeGroupsResponse_v4_encode(obj, w):
    # DescribeGroupsResponse v4: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_groups = g0('groups')
    if v0_groups is None:
        v0_groups = []
    w(_pack_ii(v0_throttle_time_ms, len(v0_groups)))
    for x0 in v0_groups:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_group_id = g2('group_id')
        if v2_group_id is None:
            v2_group_id = ''
        v2_group_id_bytes = v2_group_id.encode()
        w(_pack_hh(v2_error_code, len(v2_group_id_bytes)))
        w(v2_group_id_bytes)
        v2_group_state = g2('group_state')
        if v2_group_state is None:
            v2_group_state = ''
        v2_group_state_bytes = v2_group_state.encode()
        w(_pack_h(len(v2_group_state_bytes)))
        w(v2_group_state_bytes)
        v2_protocol_type = g2('protocol_type')
        if v2_protocol_type is None:
            v2_protocol_type = ''
        v2_protocol_type_bytes = v2_protocol_type.encode()
        w(_pack_h(len(v2_protocol_type_bytes)))
        w(v2_protocol_type_bytes)
        v2_protocol_data = g2('protocol_data')
        if v2_protocol_data is None:
            v2_protocol_data = ''
        v2_protocol_data_bytes = v2_protocol_data.encode()
        w(_pack_h(len(v2_protocol_data_bytes)))
        w(v2_protocol_data_bytes)
        v2_members = g2('members')
        if v2_members is None:
            v2_members = []
        w(_pack_i(len(v2_members)))
        for x2 in v2_members:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_member_id = g4('member_id')
            if v4_member_id is None:
                v4_member_id = ''
            v4_member_id_bytes = v4_member_id.encode()
            w(_pack_h(len(v4_member_id_bytes)))
            w(v4_member_id_bytes)
            v4_group_instance_id = g4('group_instance_id', None)
            v4_group_instance_id_bytes = None if v4_group_instance_id is None else v4_group_instance_id.encode()
            w(_pack_h(-1 if v4_group_instance_id_bytes is None else len(v4_group_instance_id_bytes)))
            if v4_group_instance_id_bytes is not None:
                w(v4_group_instance_id_bytes)
            v4_client_id = g4('client_id')
            if v4_client_id is None:
                v4_client_id = ''
            v4_client_id_bytes = v4_client_id.encode()
            w(_pack_h(len(v4_client_id_bytes)))
            w(v4_client_id_bytes)
            v4_client_host = g4('client_host')
            if v4_client_host is None:
                v4_client_host = ''
            v4_client_host_bytes = v4_client_host.encode()
            w(_pack_h(len(v4_client_host_bytes)))
            w(v4_client_host_bytes)
            v4_member_metadata = g4('member_metadata')
            if v4_member_metadata is None:
                v4_member_metadata = b''
            w(_pack_i(len(v4_member_metadata)))
            w(v4_member_metadata)
            v4_member_assignment = g4('member_assignment')
            if v4_member_assignment is None:
                v4_member_assignment = b''
            w(_pack_i(len(v4_member_assignment)))
            w(v4_member_assignment)
        v2_authorized_operations = g2('authorized_operations')
        if v2_authorized_operations is None:
            v2_authorized_operations = -2147483648
        w(_pack_i(v2_authorized_operations))


def _DescribeGroupsResponse_v5_decode(buf, pos):
    # DescribeGroupsResponse v5: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at DescribeGroupsResponse.groups")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'DescribeGroupsResponse.groups')
    obj['groups'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].group_id")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('DescribeGroupsResponse.groups[].group_id')
        x1['group_id'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].group_state")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('DescribeGroupsResponse.groups[].group_state')
        x1['group_state'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].protocol_type")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('DescribeGroupsResponse.groups[].protocol_type')
        x1['protocol_type'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].protocol_data")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('DescribeGroupsResponse.groups[].protocol_data')
        x1['protocol_data'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at DescribeGroupsResponse.groups[].members")
        n3 -= 1
        if n3 > end - pos:
            raise _too_many(n3, end - pos, 'DescribeGroupsResponse.groups[].members')
        x1['members'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].members[].member_id")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('DescribeGroupsResponse.groups[].members[].member_id')
            x3['member_id'] = buf[pos:e5].decode()
            pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                x3['group_instance_id'] = None
            else:
                n5 -= 1
                e5 = pos + n5
                if e5 > end:
                    raise _truncated('DescribeGroupsResponse.groups[].members[].group_instance_id')
                x3['group_instance_id'] = buf[pos:e5].decode()
                pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].members[].client_id")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('DescribeGroupsResponse.groups[].members[].client_id')
            x3['client_id'] = buf[pos:e5].decode()
            pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].members[].client_host")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('DescribeGroupsResponse.groups[].members[].client_host')
            x3['client_host'] = buf[pos:e5].decode()
            pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable bytes at DescribeGroupsResponse.groups[].members[].member_metadata")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('DescribeGroupsResponse.groups[].members[].member_metadata')
            x3['member_metadata'] = buf[pos:e5]
            pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable bytes at DescribeGroupsResponse.groups[].members[].member_assignment")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('DescribeGroupsResponse.groups[].members[].member_assignment')
            x3['member_assignment'] = buf[pos:e5]
            pos = e5
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'DescribeGroupsResponse.groups[].members[]')
            else:
                pos += 1
            a3.append(x3)
        x1['authorized_operations'], = _unpack_from_i(buf, pos)
        pos += 4
        x1['error_message'] = None
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'DescribeGroupsResponse.groups[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DescribeGroupsResponse')
    else:
        pos += 1
    return obj, pos


def _DescribeGroupsResponse_v5_encode(obj, w):
    # DescribeGroupsResponse v5: passes the bytes of obj, in pieces, to w
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
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_group_id = g2('group_id')
        if v2_group_id is None:
            v2_group_id = ''
        v2_group_id_bytes = v2_group_id.encode()
        w(_pack_h(v2_error_code))
        n2 = len(v2_group_id_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_group_id_bytes)
        v2_group_state = g2('group_state')
        if v2_group_state is None:
            v2_group_state = ''
        v2_group_state_bytes = v2_group_state.encode()
        n2 = len(v2_group_state_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_group_state_bytes)
        v2_protocol_type = g2('protocol_type')
        if v2_protocol_type is None:
            v2_protocol_type = ''
        v2_protocol_type_bytes = v2_protocol_type.encode()
        n2 = len(v2_protocol_type_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_protocol_type_bytes)
        v2_protocol_data = g2('protocol_data')
        if v2_protocol_data is None:
            v2_protocol_data = ''
        v2_protocol_data_bytes = v2_protocol_data.encode()
        n2 = len(v2_protocol_data_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_protocol_data_bytes)
        v2_members = g2('members')
        if v2_members is None:
            v2_members = []
        n2 = len(v2_members) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_members:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_member_id = g4('member_id')
            if v4_member_id is None:
                v4_member_id = ''
            v4_member_id_bytes = v4_member_id.encode()
            n4 = len(v4_member_id_bytes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_member_id_bytes)
            v4_group_instance_id = g4('group_instance_id', None)
            v4_group_instance_id_bytes = None if v4_group_instance_id is None else v4_group_instance_id.encode()
            if v4_group_instance_id_bytes is None:
                w(b'\x00')
            else:
                n4 = len(v4_group_instance_id_bytes) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_group_instance_id_bytes)
            v4_client_id = g4('client_id')
            if v4_client_id is None:
                v4_client_id = ''
            v4_client_id_bytes = v4_client_id.encode()
            n4 = len(v4_client_id_bytes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_client_id_bytes)
            v4_client_host = g4('client_host')
            if v4_client_host is None:
                v4_client_host = ''
            v4_client_host_bytes = v4_client_host.encode()
            n4 = len(v4_client_host_bytes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_client_host_bytes)
            v4_member_metadata = g4('member_metadata')
            if v4_member_metadata is None:
                v4_member_metadata = b''
            n4 = len(v4_member_metadata) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_member_metadata)
            v4_member_assignment = g4('member_assignment')
            if v4_member_assignment is None:
                v4_member_assignment = b''
            n4 = len(v4_member_assignment) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_member_assignment)
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        v2_authorized_operations = g2('authorized_operations')
        if v2_authorized_operations is None:
            v2_authorized_operations = -2147483648
        w(_pack_i(v2_authorized_operations))
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


def _DescribeGroupsResponse_v6_decode(buf, pos):
    # DescribeGroupsResponse v6: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at DescribeGroupsResponse.groups")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'DescribeGroupsResponse.groups')
    obj['groups'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
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
                raise _truncated('DescribeGroupsResponse.groups[].error_message')
            x1['error_message'] = buf[pos:e3].decode()
            pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].group_id")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('DescribeGroupsResponse.groups[].group_id')
        x1['group_id'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].group_state")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('DescribeGroupsResponse.groups[].group_state')
        x1['group_state'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].protocol_type")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('DescribeGroupsResponse.groups[].protocol_type')
        x1['protocol_type'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].protocol_data")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('DescribeGroupsResponse.groups[].protocol_data')
        x1['protocol_data'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at DescribeGroupsResponse.groups[].members")
        n3 -= 1
        if n3 > end - pos:
            raise _too_many(n3, end - pos, 'DescribeGroupsResponse.groups[].members')
        x1['members'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].members[].member_id")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('DescribeGroupsResponse.groups[].members[].member_id')
            x3['member_id'] = buf[pos:e5].decode()
            pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                x3['group_instance_id'] = None
            else:
                n5 -= 1
                e5 = pos + n5
                if e5 > end:
                    raise _truncated('DescribeGroupsResponse.groups[].members[].group_instance_id')
                x3['group_instance_id'] = buf[pos:e5].decode()
                pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].members[].client_id")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('DescribeGroupsResponse.groups[].members[].client_id')
            x3['client_id'] = buf[pos:e5].decode()
            pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at DescribeGroupsResponse.groups[].members[].client_host")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('DescribeGroupsResponse.groups[].members[].client_host')
            x3['client_host'] = buf[pos:e5].decode()
            pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable bytes at DescribeGroupsResponse.groups[].members[].member_metadata")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('DescribeGroupsResponse.groups[].members[].member_metadata')
            x3['member_metadata'] = buf[pos:e5]
            pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable bytes at DescribeGroupsResponse.groups[].members[].member_assignment")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('DescribeGroupsResponse.groups[].members[].member_assignment')
            x3['member_assignment'] = buf[pos:e5]
            pos = e5
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'DescribeGroupsResponse.groups[].members[]')
            else:
                pos += 1
            a3.append(x3)
        x1['authorized_operations'], = _unpack_from_i(buf, pos)
        pos += 4
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'DescribeGroupsResponse.groups[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DescribeGroupsResponse')
    else:
        pos += 1
    return obj, pos


def _DescribeGroupsResponse_v6_encode(obj, w):
    # DescribeGroupsResponse v6: passes the bytes of obj, in pieces, to w
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
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_error_message = g2('error_message', None)
        v2_error_message_bytes = None if v2_error_message is None else v2_error_message.encode()
        w(_pack_h(v2_error_code))
        if v2_error_message_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_error_message_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_error_message_bytes)
        v2_group_id = g2('group_id')
        if v2_group_id is None:
            v2_group_id = ''
        v2_group_id_bytes = v2_group_id.encode()
        n2 = len(v2_group_id_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_group_id_bytes)
        v2_group_state = g2('group_state')
        if v2_group_state is None:
            v2_group_state = ''
        v2_group_state_bytes = v2_group_state.encode()
        n2 = len(v2_group_state_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_group_state_bytes)
        v2_protocol_type = g2('protocol_type')
        if v2_protocol_type is None:
            v2_protocol_type = ''
        v2_protocol_type_bytes = v2_protocol_type.encode()
        n2 = len(v2_protocol_type_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_protocol_type_bytes)
        v2_protocol_data = g2('protocol_data')
        if v2_protocol_data is None:
            v2_protocol_data = ''
        v2_protocol_data_bytes = v2_protocol_data.encode()
        n2 = len(v2_protocol_data_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_protocol_data_bytes)
        v2_members = g2('members')
        if v2_members is None:
            v2_members = []
        n2 = len(v2_members) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_members:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_member_id = g4('member_id')
            if v4_member_id is None:
                v4_member_id = ''
            v4_member_id_bytes = v4_member_id.encode()
            n4 = len(v4_member_id_bytes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_member_id_bytes)
            v4_group_instance_id = g4('group_instance_id', None)
            v4_group_instance_id_bytes = None if v4_group_instance_id is None else v4_group_instance_id.encode()
            if v4_group_instance_id_bytes is None:
                w(b'\x00')
            else:
                n4 = len(v4_group_instance_id_bytes) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_group_instance_id_bytes)
            v4_client_id = g4('client_id')
            if v4_client_id is None:
                v4_client_id = ''
            v4_client_id_bytes = v4_client_id.encode()
            n4 = len(v4_client_id_bytes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_client_id_bytes)
            v4_client_host = g4('client_host')
            if v4_client_host is None:
                v4_client_host = ''
            v4_client_host_bytes = v4_client_host.encode()
            n4 = len(v4_client_host_bytes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_client_host_bytes)
            v4_member_metadata = g4('member_metadata')
            if v4_member_metadata is None:
                v4_member_metadata = b''
            n4 = len(v4_member_metadata) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_member_metadata)
            v4_member_assignment = g4('member_assignment')
            if v4_member_assignment is None:
                v4_member_assignment = b''
            n4 = len(v4_member_assignment) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_member_assignment)
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        v2_authorized_operations = g2('authorized_operations')
        if v2_authorized_operations is None:
            v2_authorized_operations = -2147483648
        w(_pack_i(v2_authorized_operations))
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


def _ListGroupsRequest_v0_decode(buf, pos):
    # ListGroupsRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['states_filter'] = []
    obj['types_filter'] = []
    return obj, pos


def _ListGroupsRequest_v0_encode(obj, w):
    # ListGroupsRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)


def _ListGroupsRequest_v3_decode(buf, pos):
    # ListGroupsRequest v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['states_filter'] = []
    obj['types_filter'] = []
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ListGroupsRequest')
    else:
        pos += 1
    return obj, pos


def _ListGroupsRequest_v3_encode(obj, w):
    # ListGroupsRequest v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ListGroupsRequest_v4_decode(buf, pos):
    # ListGroupsRequest v4: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ListGroupsRequest.states_filter")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'ListGroupsRequest.states_filter')
    obj['states_filter'] = a1 = []
    for _ in range(n1):
        n2 = buf[pos]
        if n2 > 127:
            n2, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n2:
            raise _Err("null in non-nullable string at ListGroupsRequest.states_filter[]")
        n2 -= 1
        e2 = pos + n2
        if e2 > end:
            raise _truncated('ListGroupsRequest.states_filter[]')
        x1 = buf[pos:e2].decode()
        pos = e2
        a1.append(x1)
    obj['types_filter'] = []
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ListGroupsRequest')
    else:
        pos += 1
    return obj, pos


def _ListGroupsRequest_v4_encode(obj, w):
    # ListGroupsRequest v4: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_states_filter = g0('states_filter')
    if v0_states_filter is None:
        v0_states_filter = []
    n0 = len(v0_states_filter) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_states_filter:
        if x0 is None:
            raise _null_build('string', 'ListGroupsRequest.states_filter[]')
        x0_bytes = x0.encode()
        n1 = len(x0_bytes) + 1
        w(_UV[n1] if n1 < 128 else _uv(n1))
        w(x0_bytes)
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ListGroupsRequest_v5_decode(buf, pos):
    # ListGroupsRequest v5: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ListGroupsRequest.states_filter")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'ListGroupsRequest.states_filter')
    obj['states_filter'] = a1 = []
    for _ in range(n1):
        n2 = buf[pos]
        if n2 > 127:
            n2, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n2:
            raise _Err("null in non-nullable string at ListGroupsRequest.states_filter[]")
        n2 -= 1
        e2 = pos + n2
        if e2 > end:
            raise _truncated('ListGroupsRequest.states_filter[]')
        x1 = buf[pos:e2].decode()
        pos = e2
        a1.append(x1)
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ListGroupsRequest.types_filter")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'ListGroupsRequest.types_filter')
    obj['types_filter'] = a1 = []
    for _ in range(n1):
        n2 = buf[pos]
        if n2 > 127:
            n2, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n2:
            raise _Err("null in non-nullable string at ListGroupsRequest.types_filter[]")
        n2 -= 1
        e2 = pos + n2
        if e2 > end:
            raise _truncated('ListGroupsRequest.types_filter[]')
        x1 = buf[pos:e2].decode()
        pos = e2
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ListGroupsRequest')
    else:
        pos += 1
    return obj, pos


def _ListGroupsRequest_v5_encode(obj, w):
    # ListGroupsRequest v5: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_states_filter = g0('states_filter')
    if v0_states_filter is None:
        v0_states_filter = []
    n0 = len(v0_states_filter) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_states_filter:
        if x0 is None:
            raise _null_build('string', 'ListGroupsRequest.states_filter[]')
        x0_bytes = x0.encode()
        n1 = len(x0_bytes) + 1
        w(_UV[n1] if n1 < 128 else _uv(n1))
        w(x0_bytes)
    v0_types_filter = g0('types_filter')
    if v0_types_filter is None:
        v0_types_filter = []
    n0 = len(v0_types_filter) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_types_filter:
        if x0 is None:
            raise _null_build('string', 'ListGroupsRequest.types_filter[]')
        x0_bytes = x0.encode()
        n1 = len(x0_bytes) + 1
        w(_UV[n1] if n1 < 128 else _uv(n1))
        w(x0_bytes)
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ListGroupsResponse_v0_decode(buf, pos):
    # ListGroupsResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['error_code'], n0 = _unpack_from_hi(buf, pos)
    pos += 6
    if n0 < 0:
        raise _Err("null in non-nullable array at ListGroupsResponse.groups")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'ListGroupsResponse.groups')
    obj['groups'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at ListGroupsResponse.groups[].group_id")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ListGroupsResponse.groups[].group_id')
        x0['group_id'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at ListGroupsResponse.groups[].protocol_type")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ListGroupsResponse.groups[].protocol_type')
        x0['protocol_type'] = buf[pos:e1].decode()
        pos = e1
        x0['group_state'] = ''
        x0['group_type'] = ''
        a0.append(x0)
    obj['throttle_time_ms'] = 0
    return obj, pos


def _ListGroupsResponse_v0_encode(obj, w):
    # ListGroupsResponse v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_groups = g0('groups')
    if v0_groups is None:
        v0_groups = []
    w(_pack_hi(v0_error_code, len(v0_groups)))
    for x0 in v0_groups:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_group_id = g2('group_id')
        if v2_group_id is None:
            v2_group_id = ''
        v2_group_id_bytes = v2_group_id.encode()
        w(_pack_h(len(v2_group_id_bytes)))
        w(v2_group_id_bytes)
        v2_protocol_type = g2('protocol_type')
        if v2_protocol_type is None:
            v2_protocol_type = ''
        v2_protocol_type_bytes = v2_protocol_type.encode()
        w(_pack_h(len(v2_protocol_type_bytes)))
        w(v2_protocol_type_bytes)


def _ListGroupsResponse_v1_decode(buf, pos):
    # ListGroupsResponse v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], obj['error_code'], n0 = _unpack_from_ihi(buf, pos)
    pos += 10
    if n0 < 0:
        raise _Err("null in non-nullable array at ListGroupsResponse.groups")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'ListGroupsResponse.groups')
    obj['groups'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at ListGroupsResponse.groups[].group_id")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ListGroupsResponse.groups[].group_id')
        x0['group_id'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at ListGroupsResponse.groups[].protocol_type")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ListGroupsResponse.groups[].protocol_type')
        x0['protocol_type'] = buf[pos:e1].decode()
        pos = e1
        x0['group_state'] = ''
        x0['group_type'] = ''
        a0.append(x0)
    return obj, pos


def _ListGroupsResponse_v1_encode(obj, w):
    # ListGroupsResponse v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_groups = g0('groups')
    if v0_groups is None:
        v0_groups = []
    w(_pack_ihi(v0_throttle_time_ms, v0_error_code, len(v0_groups)))
    for x0 in v0_groups:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_group_id = g2('group_id')
        if v2_group_id is None:
            v2_group_id = ''
        v2_group_id_bytes = v2_group_id.encode()
        w(_pack_h(len(v2_group_id_bytes)))
        w(v2_group_id_bytes)
        v2_protocol_type = g2('protocol_type')
        if v2_protocol_type is None:
            v2_protocol_type = ''
        v2_protocol_type_bytes = v2_protocol_type.encode()
        w(_pack_h(len(v2_protocol_type_bytes)))
        w(v2_protocol_type_bytes)


def _ListGroupsResponse_v3_decode(buf, pos):
    # ListGroupsResponse v3: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at ListGroupsResponse.groups")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'ListGroupsResponse.groups')
    obj['groups'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ListGroupsResponse.groups[].group_id")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ListGroupsResponse.groups[].group_id')
        x1['group_id'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ListGroupsResponse.groups[].protocol_type")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ListGroupsResponse.groups[].protocol_type')
        x1['protocol_type'] = buf[pos:e3].decode()
        pos = e3
        x1['group_state'] = ''
        x1['group_type'] = ''
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ListGroupsResponse.groups[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ListGroupsResponse')
    else:
        pos += 1
    return obj, pos


def _ListGroupsResponse_v3_encode(obj, w):
    # ListGroupsResponse v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_groups = g0('groups')
    if v0_groups is None:
        v0_groups = []
    w(_pack_ih(v0_throttle_time_ms, v0_error_code))
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
        v2_protocol_type = g2('protocol_type')
        if v2_protocol_type is None:
            v2_protocol_type = ''
        v2_protocol_type_bytes = v2_protocol_type.encode()
        n2 = len(v2_protocol_type_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_protocol_type_bytes)
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


def _ListGroupsResponse_v4_decode(buf, pos):
    # ListGroupsResponse v4: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at ListGroupsResponse.groups")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'ListGroupsResponse.groups')
    obj['groups'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ListGroupsResponse.groups[].group_id")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ListGroupsResponse.groups[].group_id')
        x1['group_id'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ListGroupsResponse.groups[].protocol_type")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ListGroupsResponse.groups[].protocol_type')
        x1['protocol_type'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ListGroupsResponse.groups[].group_state")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ListGroupsResponse.groups[].group_state')
        x1['group_state'] = buf[pos:e3].decode()
        pos = e3
        x1['group_type'] = ''
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ListGroupsResponse.groups[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ListGroupsResponse')
    else:
        pos += 1
    return obj, pos


def _ListGroupsResponse_v4_encode(obj, w):
    # ListGroupsResponse v4: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_groups = g0('groups')
    if v0_groups is None:
        v0_groups = []
    w(_pack_ih(v0_throttle_time_ms, v0_error_code))
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
        v2_protocol_type = g2('protocol_type')
        if v2_protocol_type is None:
            v2_protocol_type = ''
        v2_protocol_type_bytes = v2_protocol_type.encode()
        n2 = len(v2_protocol_type_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_protocol_type_bytes)
        v2_group_state = g2('group_state')
        if v2_group_state is None:
            v2_group_state = ''
        v2_group_state_bytes = v2_group_state.encode()
        n2 = len(v2_group_state_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_group_state_bytes)
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


def _ListGroupsResponse_v5_decode(buf, pos):
    # ListGroupsResponse v5: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at ListGroupsResponse.groups")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'ListGroupsResponse.groups')
    obj['groups'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ListGroupsResponse.groups[].group_id")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ListGroupsResponse.groups[].group_id')
        x1['group_id'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ListGroupsResponse.groups[].protocol_type")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ListGroupsResponse.groups[].protocol_type')
        x1['protocol_type'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ListGroupsResponse.groups[].group_state")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ListGroupsResponse.groups[].group_state')
        x1['group_state'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ListGroupsResponse.groups[].group_type")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ListGroupsResponse.groups[].group_type')
        x1['group_type'] = buf[pos:e3].decode()
        pos = e3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ListGroupsResponse.groups[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ListGroupsResponse')
    else:
        pos += 1
    return obj, pos


def _ListGroupsResponse_v5_encode(obj, w):
    # ListGroupsResponse v5: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_groups = g0('groups')
    if v0_groups is None:
        v0_groups = []
    w(_pack_ih(v0_throttle_time_ms, v0_error_code))
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
        v2_protocol_type = g2('protocol_type')
        if v2_protocol_type is None:
            v2_protocol_type = ''
        v2_protocol_type_bytes = v2_protocol_type.encode()
        n2 = len(v2_protocol_type_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_protocol_type_bytes)
        v2_group_state = g2('group_state')
        if v2_group_state is None:
            v2_group_state = ''
        v2_group_state_bytes = v2_group_state.encode()
        n2 = len(v2_group_state_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_group_state_bytes)
        v2_group_type = g2('group_type')
        if v2_group_type is None:
            v2_group_type = ''
        v2_group_type_bytes = v2_group_type.encode()
        n2 = len(v2_group_type_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_group_type_bytes)
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


def _CreateTopicsRequest_v0_decode(buf, pos):
    # CreateTopicsRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at CreateTopicsRequest.topics")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'CreateTopicsRequest.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at CreateTopicsRequest.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('CreateTopicsRequest.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        x0['num_partitions'], x0['replication_factor'], n1 = _unpack_from_ihi(buf, pos)
        pos += 10
        if n1 < 0:
            raise _Err("null in non-nullable array at CreateTopicsRequest.topics[].assignments")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'CreateTopicsRequest.topics[].assignments')
        x0['assignments'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], n2 = _unpack_from_ii(buf, pos)
            pos += 8
            if n2 < 0:
                raise _Err("null in non-nullable array at CreateTopicsRequest.topics[].assignments[].broker_ids")
            if n2 > end - pos:
                raise _too_many(n2, end - pos, 'CreateTopicsRequest.topics[].assignments[].broker_ids')
            x1['broker_ids'] = list(_unpack_from_i_arrays[n2](buf, pos) if n2 < 32 else _struct_unpack_from('>%di' % n2, buf, pos))
            pos += 4 * n2
            a1.append(x1)
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at CreateTopicsRequest.topics[].configs")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'CreateTopicsRequest.topics[].configs')
        x0['configs'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                raise _Err("null in non-nullable string at CreateTopicsRequest.topics[].configs[].name")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('CreateTopicsRequest.topics[].configs[].name')
            x1['name'] = buf[pos:e2].decode()
            pos = e2
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                x1['value'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('CreateTopicsRequest.topics[].configs[].value')
                x1['value'] = buf[pos:e2].decode()
                pos = e2
            a1.append(x1)
        a0.append(x0)
    obj['timeout_ms'], = _unpack_from_i(buf, pos)
    pos += 4
    obj['validate_only'] = False
    return obj, pos


def _CreateTopicsRequest_v0_encode(obj, w):
    # CreateTopicsRequest v0: passes the bytes of obj, in pieces, to w
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
        v2_num_partitions = g2('num_partitions')
        if v2_num_partitions is None:
            v2_num_partitions = 0
        v2_replication_factor = g2('replication_factor')
        if v2_replication_factor is None:
            v2_replication_factor = 0
        v2_assignments = g2('assignments')
        if v2_assignments is None:
            v2_assignments = []
        w(_pack_ihi(v2_num_partitions, v2_replication_factor, len(v2_assignments)))
        for x2 in v2_assignments:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_broker_ids = g4('broker_ids')
            if v4_broker_ids is None:
                v4_broker_ids = []
            w(_pack_ii(v4_partition_index, len(v4_broker_ids)))
            w(_pack_i_arrays[len(v4_broker_ids)](*v4_broker_ids) if len(v4_broker_ids) < 32 else _struct_pack('>%di' % len(v4_broker_ids), *v4_broker_ids))
        v2_configs = g2('configs')
        if v2_configs is None:
            v2_configs = []
        w(_pack_i(len(v2_configs)))
        for x2 in v2_configs:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_name = g4('name')
            if v4_name is None:
                v4_name = ''
            v4_name_bytes = v4_name.encode()
            w(_pack_h(len(v4_name_bytes)))
            w(v4_name_bytes)
            v4_value = g4('value', '')
            v4_value_bytes = None if v4_value is None else v4_value.encode()
            w(_pack_h(-1 if v4_value_bytes is None else len(v4_value_bytes)))
            if v4_value_bytes is not None:
                w(v4_value_bytes)
    v0_timeout_ms = g0('timeout_ms')
    if v0_timeout_ms is None:
        v0_timeout_ms = 60000
    w(_pack_i(v0_timeout_ms))


def _CreateTopicsRequest_v1_decode(buf, pos):
    # CreateTopicsRequest v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at CreateTopicsRequest.topics")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'CreateTopicsRequest.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at CreateTopicsRequest.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('CreateTopicsRequest.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        x0['num_partitions'], x0['replication_factor'], n1 = _unpack_from_ihi(buf, pos)
        pos += 10
        if n1 < 0:
            raise _Err("null in non-nullable array at CreateTopicsRequest.topics[].assignments")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'CreateTopicsRequest.topics[].assignments')
        x0['assignments'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], n2 = _unpack_from_ii(buf, pos)
            pos += 8
            if n2 < 0:
                raise _Err("null in non-nullable array at CreateTopicsRequest.topics[].assignments[].broker_ids")
            if n2 > end - pos:
                raise _too_many(n2, end - pos, 'CreateTopicsRequest.topics[].assignments[].broker_ids')
            x1['broker_ids'] = list(_unpack_from_i_arrays[n2](buf, pos) if n2 < 32 else _struct_unpack_from('>%di' % n2, buf, pos))
            pos += 4 * n2
            a1.append(x1)
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at CreateTopicsRequest.topics[].configs")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'CreateTopicsRequest.topics[].configs')
        x0['configs'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                raise _Err("null in non-nullable string at CreateTopicsRequest.topics[].configs[].name")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('CreateTopicsRequest.topics[].configs[].name')
            x1['name'] = buf[pos:e2].decode()
            pos = e2
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                x1['value'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('CreateTopicsRequest.topics[].configs[].value')
                x1['value'] = buf[pos:e2].decode()
                pos = e2
            a1.append(x1)
        a0.append(x0)
    obj['timeout_ms'], obj['validate_only'] = _unpack_from_io(buf, pos)
    pos += 5
    return obj, pos


def _CreateTopicsRequest_v1_encode(obj, w):
    # CreateTopicsRequest v1: passes the bytes of obj, in pieces, to w
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
        v2_num_partitions = g2('num_partitions')
        if v2_num_partitions is None:
            v2_num_partitions = 0
        v2_replication_factor = g2('replication_factor')
        if v2_replication_factor is None:
            v2_replication_factor = 0
        v2_assignments = g2('assignments')
        if v2_assignments is None:
            v2_assignments = []
        w(_pack_ihi(v2_num_partitions, v2_replication_factor, len(v2_assignments)))
        for x2 in v2_assignments:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_broker_ids = g4('broker_ids')
            if v4_broker_ids is None:
                v4_broker_ids = []
            w(_pack_ii(v4_partition_index, len(v4_broker_ids)))
            w(_pack_i_arrays[len(v4_broker_ids)](*v4_broker_ids) if len(v4_broker_ids) < 32 else _struct_pack('>%di' % len(v4_broker_ids), *v4_broker_ids))
        v2_configs = g2('configs')
        if v2_configs is None:
            v2_configs = []
        w(_pack_i(len(v2_configs)))
        for x2 in v2_configs:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_name = g4('name')
            if v4_name is None:
                v4_name = ''
            v4_name_bytes = v4_name.encode()
            w(_pack_h(len(v4_name_bytes)))
            w(v4_name_bytes)
            v4_value = g4('value', '')
            v4_value_bytes = None if v4_value is None else v4_value.encode()
            w(_pack_h(-1 if v4_value_bytes is None else len(v4_value_bytes)))
            if v4_value_bytes is not None:
                w(v4_value_bytes)
    v0_timeout_ms = g0('timeout_ms')
    if v0_timeout_ms is None:
        v0_timeout_ms = 60000
    v0_validate_only = g0('validate_only')
    if v0_validate_only is None:
        v0_validate_only = False
    w(_pack_io(v0_timeout_ms, v0_validate_only))


def _CreateTopicsRequest_v5_decode(buf, pos):
    # CreateTopicsRequest v5: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at CreateTopicsRequest.topics")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'CreateTopicsRequest.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at CreateTopicsRequest.topics[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('CreateTopicsRequest.topics[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        x1['num_partitions'], x1['replication_factor'] = _unpack_from_ih(buf, pos)
        pos += 6
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at CreateTopicsRequest.topics[].assignments")
        n3 -= 1
        if n3 > end - pos:
            raise _too_many(n3, end - pos, 'CreateTopicsRequest.topics[].assignments')
        x1['assignments'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['partition_index'], = _unpack_from_i(buf, pos)
            pos += 4
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at CreateTopicsRequest.topics[].assignments[].broker_ids")
            n5 -= 1
            if n5 > end - pos:
                raise _too_many(n5, end - pos, 'CreateTopicsRequest.topics[].assignments[].broker_ids')
            x3['broker_ids'] = list(_unpack_from_i_arrays[n5](buf, pos) if n5 < 32 else _struct_unpack_from('>%di' % n5, buf, pos))
            pos += 4 * n5
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'CreateTopicsRequest.topics[].assignments[]')
            else:
                pos += 1
            a3.append(x3)
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at CreateTopicsRequest.topics[].configs")
        n3 -= 1
        if n3 > end - pos:
            raise _too_many(n3, end - pos, 'CreateTopicsRequest.topics[].configs')
        x1['configs'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at CreateTopicsRequest.topics[].configs[].name")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('CreateTopicsRequest.topics[].configs[].name')
            x3['name'] = buf[pos:e5].decode()
            pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                x3['value'] = None
            else:
                n5 -= 1
                e5 = pos + n5
                if e5 > end:
                    raise _truncated('CreateTopicsRequest.topics[].configs[].value')
                x3['value'] = buf[pos:e5].decode()
                pos = e5
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'CreateTopicsRequest.topics[].configs[]')
            else:
                pos += 1
            a3.append(x3)
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'CreateTopicsRequest.topics[]')
        else:
            pos += 1
        a1.append(x1)
    obj['timeout_ms'], obj['validate_only'] = _unpack_from_io(buf, pos)
    pos += 5
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'CreateTopicsRequest')
    else:
        pos += 1
    return obj, pos


def _CreateTopicsRequest_v5_encode(obj, w):
    # CreateTopicsRequest v5: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
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
        v2_num_partitions = g2('num_partitions')
        if v2_num_partitions is None:
            v2_num_partitions = 0
        v2_replication_factor = g2('replication_factor')
        if v2_replication_factor is None:
            v2_replication_factor = 0
        v2_assignments = g2('assignments')
        if v2_assignments is None:
            v2_assignments = []
        w(_pack_ih(v2_num_partitions, v2_replication_factor))
        n2 = len(v2_assignments) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_assignments:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_partition_index = g4('partition_index')
            if v4_partition_index is None:
                v4_partition_index = 0
            v4_broker_ids = g4('broker_ids')
            if v4_broker_ids is None:
                v4_broker_ids = []
            w(_pack_i(v4_partition_index))
            n4 = len(v4_broker_ids) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(_pack_i_arrays[len(v4_broker_ids)](*v4_broker_ids) if len(v4_broker_ids) < 32 else _struct_pack('>%di' % len(v4_broker_ids), *v4_broker_ids))
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        v2_configs = g2('configs')
        if v2_configs is None:
            v2_configs = []
        n2 = len(v2_configs) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_configs:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_name = g4('name')
            if v4_name is None:
                v4_name = ''
            v4_name_bytes = v4_name.encode()
            n4 = len(v4_name_bytes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_name_bytes)
            v4_value = g4('value', '')
            v4_value_bytes = None if v4_value is None else v4_value.encode()
            if v4_value_bytes is None:
                w(b'\x00')
            else:
                n4 = len(v4_value_bytes) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_value_bytes)
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
        v0_timeout_ms = 60000
    v0_validate_only = g0('validate_only')
    if v0_validate_only is None:
        v0_validate_only = False
    w(_pack_io(v0_timeout_ms, v0_validate_only))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _CreateTopicsResponse_v0_decode(buf, pos):
    # CreateTopicsResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at CreateTopicsResponse.topics")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'CreateTopicsResponse.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at CreateTopicsResponse.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('CreateTopicsResponse.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        x0['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
        x0['topic_id'] = _D_CreateTopicsResponse_v0_1
        x0['error_message'] = ''
        x0['topic_config_error_code'] = 0
        x0['num_partitions'] = -1
        x0['replication_factor'] = -1
        x0['configs'] = []
        a0.append(x0)
    obj['throttle_time_ms'] = 0
    return obj, pos


def _CreateTopicsResponse_v0_encode(obj, w):
    # CreateTopicsResponse v0: passes the bytes of obj, in pieces, to w
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
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        w(_pack_h(v2_error_code))


def _CreateTopicsResponse_v1_decode(buf, pos):
    # CreateTopicsResponse v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at CreateTopicsResponse.topics")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'CreateTopicsResponse.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at CreateTopicsResponse.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('CreateTopicsResponse.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        x0['error_code'], n1 = _unpack_from_hh(buf, pos)
        pos += 4
        if n1 < 0:
            x0['error_message'] = None
        else:
            e1 = pos + n1
            if e1 > end:
                raise _truncated('CreateTopicsResponse.topics[].error_message')
            x0['error_message'] = buf[pos:e1].decode()
            pos = e1
        x0['topic_id'] = _D_CreateTopicsResponse_v1_1
        x0['topic_config_error_code'] = 0
        x0['num_partitions'] = -1
        x0['replication_factor'] = -1
        x0['configs'] = []
        a0.append(x0)
    obj['throttle_time_ms'] = 0
    return obj, pos


def _CreateTopicsResponse_v1_encode(obj, w):
    # CreateTopicsResponse v1: passes the bytes of obj, in pieces, to w
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
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_error_message = g2('error_message', '')
        v2_error_message_bytes = None if v2_error_message is None else v2_error_message.encode()
        w(_pack_hh(v2_error_code, -1 if v2_error_message_bytes is None else len(v2_error_message_bytes)))
        if v2_error_message_bytes is not None:
            w(v2_error_message_bytes)


def _CreateTopicsResponse_v2_decode(buf, pos):
    # CreateTopicsResponse v2: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at CreateTopicsResponse.topics")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'CreateTopicsResponse.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at CreateTopicsResponse.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('CreateTopicsResponse.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        x0['error_code'], n1 = _unpack_from_hh(buf, pos)
        pos += 4
        if n1 < 0:
            x0['error_message'] = None
        else:
            e1 = pos + n1
            if e1 > end:
                raise _truncated('CreateTopicsResponse.topics[].error_message')
            x0['error_message'] = buf[pos:e1].decode()
            pos = e1
        x0['topic_id'] = _D_CreateTopicsResponse_v2_1
        x0['topic_config_error_code'] = 0
        x0['num_partitions'] = -1
        x0['replication_factor'] = -1
        x0['configs'] = []
        a0.append(x0)
    return obj, pos


def _CreateTopicsResponse_v2_encode(obj, w):
    # CreateTopicsResponse v2: passes the bytes of obj, in pieces, to w
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
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_error_message = g2('error_message', '')
        v2_error_message_bytes = None if v2_error_message is None else v2_error_message.encode()
        w(_pack_hh(v2_error_code, -1 if v2_error_message_bytes is None else len(v2_error_message_bytes)))
        if v2_error_message_bytes is not None:
            w(v2_error_message_bytes)


def _CreateTopicsResponse_v5_decode(buf, pos):
    # CreateTopicsResponse v5: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at CreateTopicsResponse.topics")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'CreateTopicsResponse.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at CreateTopicsResponse.topics[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('CreateTopicsResponse.topics[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        x1['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
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
                raise _truncated('CreateTopicsResponse.topics[].error_message')
            x1['error_message'] = buf[pos:e3].decode()
            pos = e3
        x1['num_partitions'], x1['replication_factor'] = _unpack_from_ih(buf, pos)
        pos += 6
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            x1['configs'] = None
        else:
            n3 -= 1
            if n3 > end - pos:
                raise _too_many(n3, end - pos, 'CreateTopicsResponse.topics[].configs')
            x1['configs'] = a3 = []
            for _ in range(n3):
                x3 = Container()
                n5 = buf[pos]
                if n5 > 127:
                    n5, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n5:
                    raise _Err("null in non-nullable string at CreateTopicsResponse.topics[].configs[].name")
                n5 -= 1
                e5 = pos + n5
                if e5 > end:
                    raise _truncated('CreateTopicsResponse.topics[].configs[].name')
                x3['name'] = buf[pos:e5].decode()
                pos = e5
                n5 = buf[pos]
                if n5 > 127:
                    n5, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n5:
                    x3['value'] = None
                else:
                    n5 -= 1
                    e5 = pos + n5
                    if e5 > end:
                        raise _truncated('CreateTopicsResponse.topics[].configs[].value')
                    x3['value'] = buf[pos:e5].decode()
                    pos = e5
                x3['read_only'], x3['config_source'], x3['is_sensitive'] = _unpack_from_obo(buf, pos)
                pos += 3
                if buf[pos]:  # tagged fields
                    pos = _read_tags(buf, pos, x3, _NO_TAGS, 'CreateTopicsResponse.topics[].configs[]')
                else:
                    pos += 1
                a3.append(x3)
        x1['topic_id'] = _D_CreateTopicsResponse_v5_1
        x1['topic_config_error_code'] = 0
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _TAGS_CreateTopicsResponse_v5_3, 'CreateTopicsResponse.topics[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'CreateTopicsResponse')
    else:
        pos += 1
    return obj, pos


def _decode_tag_topic_config_error_code__CreateTopicsResponse_v5_2(buf):
    # tagged field 0 of CreateTopicsResponse.topics[], read from its own bytes
    end = len(buf)
    pos = 0
    value, = _unpack_from_h(buf, pos)
    pos += 2
    return value


def _CreateTopicsResponse_v5_encode(obj, w):
    # CreateTopicsResponse v5: passes the bytes of obj, in pieces, to w
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
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_error_message = g2('error_message', '')
        v2_error_message_bytes = None if v2_error_message is None else v2_error_message.encode()
        w(_pack_h(v2_error_code))
        if v2_error_message_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_error_message_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_error_message_bytes)
        v2_num_partitions = g2('num_partitions')
        if v2_num_partitions is None:
            v2_num_partitions = -1
        v2_replication_factor = g2('replication_factor')
        if v2_replication_factor is None:
            v2_replication_factor = -1
        v2_configs = g2('configs', [])
        w(_pack_ih(v2_num_partitions, v2_replication_factor))
        if v2_configs is None:
            w(b'\x00')
        else:
            n2 = len(v2_configs) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            for x2 in v2_configs:
                g4 = x2.get if isinstance(x2, dict) else _getter(x2)
                v4_name = g4('name')
                if v4_name is None:
                    v4_name = ''
                v4_name_bytes = v4_name.encode()
                n4 = len(v4_name_bytes) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_name_bytes)
                v4_value = g4('value', '')
                v4_value_bytes = None if v4_value is None else v4_value.encode()
                if v4_value_bytes is None:
                    w(b'\x00')
                else:
                    n4 = len(v4_value_bytes) + 1
                    w(_UV[n4] if n4 < 128 else _uv(n4))
                    w(v4_value_bytes)
                v4_read_only = g4('read_only')
                if v4_read_only is None:
                    v4_read_only = False
                v4_config_source = g4('config_source')
                if v4_config_source is None:
                    v4_config_source = -1
                v4_is_sensitive = g4('is_sensitive')
                if v4_is_sensitive is None:
                    v4_is_sensitive = False
                w(_pack_obo(v4_read_only, v4_config_source, v4_is_sensitive))
                u4 = g4('_unknown_tags', None)
                if u4:
                    _write_tags(w, sorted(u4.items()))
                else:
                    w(b'\x00')  # no tagged fields
        t2 = []
        u2 = g2('topic_config_error_code', 0)
        if not u2 == 0:  # tagged fields at their default are not written
            t2.append((0, _encode_tag_topic_config_error_code__CreateTopicsResponse_v5_4(u2)))
        u2 = g2('_unknown_tags', None)
        if u2:
            t2.extend(u2.items())
            t2.sort()
        if t2:
            _write_tags(w, t2)
        else:
            w(b'\x00')
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _encode_tag_topic_config_error_code__CreateTopicsResponse_v5_4(value):
    # tagged field 0 at CreateTopicsResponse.topics[].topic_config_error_code, as its own bytes
    out = []
    w = out.append
    w(_pack_h(value))
    return b''.join(out)


def _CreateTopicsResponse_v7_decode(buf, pos):
    # CreateTopicsResponse v7: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at CreateTopicsResponse.topics")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'CreateTopicsResponse.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at CreateTopicsResponse.topics[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('CreateTopicsResponse.topics[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        x1['topic_id'], x1['error_code'] = _unpack_from_16sh(buf, pos)
        pos += 18
        x1['topic_id'] = _uuid(x1['topic_id'])
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
                raise _truncated('CreateTopicsResponse.topics[].error_message')
            x1['error_message'] = buf[pos:e3].decode()
            pos = e3
        x1['num_partitions'], x1['replication_factor'] = _unpack_from_ih(buf, pos)
        pos += 6
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            x1['configs'] = None
        else:
            n3 -= 1
            if n3 > end - pos:
                raise _too_many(n3, end - pos, 'CreateTopicsResponse.topics[].configs')
            x1['configs'] = a3 = []
            for _ in range(n3):
                x3 = Container()
                n5 = buf[pos]
                if n5 > 127:
                    n5, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n5:
                    raise _Err("null in non-nullable string at CreateTopicsResponse.topics[].configs[].name")
                n5 -= 1
                e5 = pos + n5
                if e5 > end:
                    raise _truncated('CreateTopicsResponse.topics[].configs[].name')
                x3['name'] = buf[pos:e5].decode()
                pos = e5
                n5 = buf[pos]
                if n5 > 127:
                    n5, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n5:
                    x3['value'] = None
                else:
                    n5 -= 1
                    e5 = pos + n5
                    if e5 > end:
                        raise _truncated('CreateTopicsResponse.topics[].configs[].value')
                    x3['value'] = buf[pos:e5].decode()
                    pos = e5
                x3['read_only'], x3['config_source'], x3['is_sensitive'] = _unpack_from_obo(buf, pos)
                pos += 3
                if buf[pos]:  # tagged fields
                    pos = _read_tags(buf, pos, x3, _NO_TAGS, 'CreateTopicsResponse.topics[].configs[]')
                else:
                    pos += 1
                a3.append(x3)
        x1['topic_config_error_code'] = 0
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _TAGS_CreateTopicsResponse_v7_2, 'CreateTopicsResponse.topics[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'CreateTopicsResponse')
    else:
        pos += 1
    return obj, pos


def _decode_tag_topic_config_error_code__CreateTopicsResponse_v7_1(buf):
    # tagged field 0 of CreateTopicsResponse.topics[], read from its own bytes
    end = len(buf)
    pos = 0
    value, = _unpack_from_h(buf, pos)
    pos += 2
    return value


def _CreateTopicsResponse_v7_encode(obj, w):
    # CreateTopicsResponse v7: passes the bytes of obj, in pieces, to w
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
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_CreateTopicsResponse_v7_3
        w(v2_topic_id.bytes)
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_error_message = g2('error_message', '')
        v2_error_message_bytes = None if v2_error_message is None else v2_error_message.encode()
        w(_pack_h(v2_error_code))
        if v2_error_message_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_error_message_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_error_message_bytes)
        v2_num_partitions = g2('num_partitions')
        if v2_num_partitions is None:
            v2_num_partitions = -1
        v2_replication_factor = g2('replication_factor')
        if v2_replication_factor is None:
            v2_replication_factor = -1
        v2_configs = g2('configs', [])
        w(_pack_ih(v2_num_partitions, v2_replication_factor))
        if v2_configs is None:
            w(b'\x00')
        else:
            n2 = len(v2_configs) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            for x2 in v2_configs:
                g4 = x2.get if isinstance(x2, dict) else _getter(x2)
                v4_name = g4('name')
                if v4_name is None:
                    v4_name = ''
                v4_name_bytes = v4_name.encode()
                n4 = len(v4_name_bytes) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_name_bytes)
                v4_value = g4('value', '')
                v4_value_bytes = None if v4_value is None else v4_value.encode()
                if v4_value_bytes is None:
                    w(b'\x00')
                else:
                    n4 = len(v4_value_bytes) + 1
                    w(_UV[n4] if n4 < 128 else _uv(n4))
                    w(v4_value_bytes)
                v4_read_only = g4('read_only')
                if v4_read_only is None:
                    v4_read_only = False
                v4_config_source = g4('config_source')
                if v4_config_source is None:
                    v4_config_source = -1
                v4_is_sensitive = g4('is_sensitive')
                if v4_is_sensitive is None:
                    v4_is_sensitive = False
                w(_pack_obo(v4_read_only, v4_config_source, v4_is_sensitive))
                u4 = g4('_unknown_tags', None)
                if u4:
                    _write_tags(w, sorted(u4.items()))
                else:
                    w(b'\x00')  # no tagged fields
        t2 = []
        u2 = g2('topic_config_error_code', 0)
        if not u2 == 0:  # tagged fields at their default are not written
            t2.append((0, _encode_tag_topic_config_error_code__CreateTopicsResponse_v7_4(u2)))
        u2 = g2('_unknown_tags', None)
        if u2:
            t2.extend(u2.items())
            t2.sort()
        if t2:
            _write_tags(w, t2)
        else:
            w(b'\x00')
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _encode_tag_topic_config_error_code__CreateTopicsResponse_v7_4(value):
    # tagged field 0 at CreateTopicsResponse.topics[].topic_config_error_code, as its own bytes
    out = []
    w = out.append
    w(_pack_h(value))
    return b''.join(out)


def _DeleteTopicsRequest_v0_decode(buf, pos):
    # DeleteTopicsRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at DeleteTopicsRequest.topic_names")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'DeleteTopicsRequest.topic_names')
    obj['topic_names'] = a0 = []
    for _ in range(n0):
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at DeleteTopicsRequest.topic_names[]")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DeleteTopicsRequest.topic_names[]')
        x0 = buf[pos:e1].decode()
        pos = e1
        a0.append(x0)
    obj['timeout_ms'], = _unpack_from_i(buf, pos)
    pos += 4
    obj['topics'] = []
    return obj, pos


def _DeleteTopicsRequest_v0_encode(obj, w):
    # DeleteTopicsRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_topic_names = g0('topic_names')
    if v0_topic_names is None:
        v0_topic_names = []
    w(_pack_i(len(v0_topic_names)))
    for x0 in v0_topic_names:
        if x0 is None:
            raise _null_build('string', 'DeleteTopicsRequest.topic_names[]')
        x0_bytes = x0.encode()
        w(_pack_h(len(x0_bytes)))
        w(x0_bytes)
    v0_timeout_ms = g0('timeout_ms')
    if v0_timeout_ms is None:
        v0_timeout_ms = 0
    w(_pack_i(v0_timeout_ms))


def _DeleteTopicsRequest_v4_decode(buf, pos):
    # DeleteTopicsRequest v4: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at DeleteTopicsRequest.topic_names")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'DeleteTopicsRequest.topic_names')
    obj['topic_names'] = a1 = []
    for _ in range(n1):
        n2 = buf[pos]
        if n2 > 127:
            n2, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n2:
            raise _Err("null in non-nullable string at DeleteTopicsRequest.topic_names[]")
        n2 -= 1
        e2 = pos + n2
        if e2 > end:
            raise _truncated('DeleteTopicsRequest.topic_names[]')
        x1 = buf[pos:e2].decode()
        pos = e2
        a1.append(x1)
    obj['timeout_ms'], = _unpack_from_i(buf, pos)
    pos += 4
    obj['topics'] = []
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DeleteTopicsRequest')
    else:
        pos += 1
    return obj, pos


def _DeleteTopicsRequest_v4_encode(obj, w):
    # DeleteTopicsRequest v4: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_topic_names = g0('topic_names')
    if v0_topic_names is None:
        v0_topic_names = []
    n0 = len(v0_topic_names) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_topic_names:
        if x0 is None:
            raise _null_build('string', 'DeleteTopicsRequest.topic_names[]')
        x0_bytes = x0.encode()
        n1 = len(x0_bytes) + 1
        w(_UV[n1] if n1 < 128 else _uv(n1))
        w(x0_bytes)
    v0_timeout_ms = g0('timeout_ms')
    if v0_timeout_ms is None:
        v0_timeout_ms = 0
    w(_pack_i(v0_timeout_ms))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _DeleteTopicsRequest_v6_decode(buf, pos):
    # DeleteTopicsRequest v6: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at DeleteTopicsRequest.topics")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'DeleteTopicsRequest.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            x1['name'] = None
        else:
            n3 -= 1
            e3 = pos + n3
            if e3 > end:
                raise _truncated('DeleteTopicsRequest.topics[].name')
            x1['name'] = buf[pos:e3].decode()
            pos = e3
        x1['topic_id'], = _unpack_from_16s(buf, pos)
        pos += 16
        x1['topic_id'] = _uuid(x1['topic_id'])
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'DeleteTopicsRequest.topics[]')
        else:
            pos += 1
        a1.append(x1)
    obj['timeout_ms'], = _unpack_from_i(buf, pos)
    pos += 4
    obj['topic_names'] = []
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DeleteTopicsRequest')
    else:
        pos += 1
    return obj, pos


def _DeleteTopicsRequest_v6_encode(obj, w):
    # DeleteTopicsRequest v6: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    n0 = len(v0_topics) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_topics:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name', None)
        v2_name_bytes = None if v2_name is None else v2_name.encode()
        if v2_name_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_name_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_name_bytes)
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_DeleteTopicsRequest_v6_1
        w(v2_topic_id.bytes)
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


def _DeleteTopicsResponse_v0_decode(buf, pos):
    # DeleteTopicsResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at DeleteTopicsResponse.responses")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'DeleteTopicsResponse.responses')
    obj['responses'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at DeleteTopicsResponse.responses[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DeleteTopicsResponse.responses[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        x0['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
        x0['topic_id'] = _D_DeleteTopicsResponse_v0_1
        x0['error_message'] = None
        a0.append(x0)
    obj['throttle_time_ms'] = 0
    return obj, pos


def _DeleteTopicsResponse_v0_encode(obj, w):
    # DeleteTopicsResponse v0: passes the bytes of obj, in pieces, to w
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
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        w(_pack_h(v2_error_code))


def _DeleteTopicsResponse_v1_decode(buf, pos):
    # DeleteTopicsResponse v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at DeleteTopicsResponse.responses")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'DeleteTopicsResponse.responses')
    obj['responses'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at DeleteTopicsResponse.responses[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DeleteTopicsResponse.responses[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        x0['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
        x0['topic_id'] = _D_DeleteTopicsResponse_v1_1
        x0['error_message'] = None
        a0.append(x0)
    return obj, pos


def _DeleteTopicsResponse_v1_encode(obj, w):
    # DeleteTopicsResponse v1: passes the bytes of obj, in pieces, to w
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
        v2_name = g2('name')
        if v2_name is None:
            v2_name = ''
        v2_name_bytes = v2_name.encode()
        w(_pack_h(len(v2_name_bytes)))
        w(v2_name_bytes)
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        w(_pack_h(v2_error_code))


def _DeleteTopicsResponse_v4_decode(buf, pos):
    # DeleteTopicsResponse v4: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at DeleteTopicsResponse.responses")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'DeleteTopicsResponse.responses')
    obj['responses'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at DeleteTopicsResponse.responses[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('DeleteTopicsResponse.responses[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        x1['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
        x1['topic_id'] = _D_DeleteTopicsResponse_v4_1
        x1['error_message'] = None
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'DeleteTopicsResponse.responses[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DeleteTopicsResponse')
    else:
        pos += 1
    return obj, pos


def _DeleteTopicsResponse_v4_encode(obj, w):
    # DeleteTopicsResponse v4: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_responses = g0('responses')
    if v0_responses is None:
        v0_responses = []
    w(_pack_i(v0_throttle_time_ms))
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


def _DeleteTopicsResponse_v5_decode(buf, pos):
    # DeleteTopicsResponse v5: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at DeleteTopicsResponse.responses")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'DeleteTopicsResponse.responses')
    obj['responses'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at DeleteTopicsResponse.responses[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('DeleteTopicsResponse.responses[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        x1['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
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
                raise _truncated('DeleteTopicsResponse.responses[].error_message')
            x1['error_message'] = buf[pos:e3].decode()
            pos = e3
        x1['topic_id'] = _D_DeleteTopicsResponse_v5_1
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'DeleteTopicsResponse.responses[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DeleteTopicsResponse')
    else:
        pos += 1
    return obj, pos


def _DeleteTopicsResponse_v5_encode(obj, w):
    # DeleteTopicsResponse v5: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_responses = g0('responses')
    if v0_responses is None:
        v0_responses = []
    w(_pack_i(v0_throttle_time_ms))
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
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_error_message = g2('error_message', None)
        v2_error_message_bytes = None if v2_error_message is None else v2_error_message.encode()
        w(_pack_h(v2_error_code))
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


def _DeleteTopicsResponse_v6_decode(buf, pos):
    # DeleteTopicsResponse v6: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at DeleteTopicsResponse.responses")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'DeleteTopicsResponse.responses')
    obj['responses'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            x1['name'] = None
        else:
            n3 -= 1
            e3 = pos + n3
            if e3 > end:
                raise _truncated('DeleteTopicsResponse.responses[].name')
            x1['name'] = buf[pos:e3].decode()
            pos = e3
        x1['topic_id'], x1['error_code'] = _unpack_from_16sh(buf, pos)
        pos += 18
        x1['topic_id'] = _uuid(x1['topic_id'])
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
                raise _truncated('DeleteTopicsResponse.responses[].error_message')
            x1['error_message'] = buf[pos:e3].decode()
            pos = e3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'DeleteTopicsResponse.responses[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DeleteTopicsResponse')
    else:
        pos += 1
    return obj, pos


def _DeleteTopicsResponse_v6_encode(obj, w):
    # DeleteTopicsResponse v6: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_responses = g0('responses')
    if v0_responses is None:
        v0_responses = []
    w(_pack_i(v0_throttle_time_ms))
    n0 = len(v0_responses) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_responses:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_name = g2('name', '')
        v2_name_bytes = None if v2_name is None else v2_name.encode()
        if v2_name_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_name_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_name_bytes)
        v2_topic_id = g2('topic_id')
        if v2_topic_id is None:
            v2_topic_id = _D_DeleteTopicsResponse_v6_1
        w(v2_topic_id.bytes)
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_error_message = g2('error_message', None)
        v2_error_message_bytes = None if v2_error_message is None else v2_error_message.encode()
        w(_pack_h(v2_error_code))
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


def _OffsetForLeaderEpochRequest_v0_decode(buf, pos):
    # OffsetForLeaderEpochRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at OffsetForLeaderEpochRequest.topics")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'OffsetForLeaderEpochRequest.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at OffsetForLeaderEpochRequest.topics[].topic")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('OffsetForLeaderEpochRequest.topics[].topic')
        x0['topic'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at OffsetForLeaderEpochRequest.topics[].partitions")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'OffsetForLeaderEpochRequest.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition'], x1['leader_epoch'] = _unpack_from_ii(buf, pos)
            pos += 8
            x1['current_leader_epoch'] = -1
            a1.append(x1)
        a0.append(x0)
    obj['replica_id'] = -2
    return obj, pos


def _OffsetForLeaderEpochRequest_v0_encode(obj, w):
    # OffsetForLeaderEpochRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_i(len(v0_topics)))
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
            v4_leader_epoch = g4('leader_epoch')
            if v4_leader_epoch is None:
                v4_leader_epoch = 0
            w(_pack_ii(v4_partition, v4_leader_epoch))


def _OffsetForLeaderEpochRequest_v2_decode(buf, pos):
    # OffsetForLeaderEpochRequest v2: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at OffsetForLeaderEpochRequest.topics")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'OffsetForLeaderEpochRequest.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at OffsetForLeaderEpochRequest.topics[].topic")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('OffsetForLeaderEpochRequest.topics[].topic')
        x0['topic'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at OffsetForLeaderEpochRequest.topics[].partitions")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'OffsetForLeaderEpochRequest.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition'], x1['current_leader_epoch'], x1['leader_epoch'] = _unpack_from_iii(buf, pos)
            pos += 12
            a1.append(x1)
        a0.append(x0)
    obj['replica_id'] = -2
    return obj, pos


def _OffsetForLeaderEpochRequest_v2_encode(obj, w):
    # OffsetForLeaderEpochRequest v2: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_i(len(v0_topics)))
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
            v4_leader_epoch = g4('leader_epoch')
            if v4_leader_epoch is None:
                v4_leader_epoch = 0
            w(_pack_iii(v4_partition, v4_current_leader_epoch, v4_leader_epoch))


def _OffsetForLeaderEpochRequest_v3_decode(buf, pos):
    # OffsetForLeaderEpochRequest v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['replica_id'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at OffsetForLeaderEpochRequest.topics")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'OffsetForLeaderEpochRequest.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at OffsetForLeaderEpochRequest.topics[].topic")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('OffsetForLeaderEpochRequest.topics[].topic')
        x0['topic'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at OffsetForLeaderEpochRequest.topics[].partitions")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'OffsetForLeaderEpochRequest.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition'], x1['current_leader_epoch'], x1['leader_epoch'] = _unpack_from_iii(buf, pos)
            pos += 12
            a1.append(x1)
        a0.append(x0)
    return obj, pos


def _OffsetForLeaderEpochRequest_v3_encode(obj, w):
    # OffsetForLeaderEpochRequest v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_replica_id = g0('replica_id')
    if v0_replica_id is None:
        v0_replica_id = -2
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_ii(v0_replica_id, len(v0_topics)))
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
            v4_leader_epoch = g4('leader_epoch')
            if v4_leader_epoch is None:
                v4_leader_epoch = 0
            w(_pack_iii(v4_partition, v4_current_leader_epoch, v4_leader_epoch))


def _OffsetForLeaderEpochRequest_v4_decode(buf, pos):
    # OffsetForLeaderEpochRequest v4: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['replica_id'], = _unpack_from_i(buf, pos)
    pos += 4
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at OffsetForLeaderEpochRequest.topics")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'OffsetForLeaderEpochRequest.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at OffsetForLeaderEpochRequest.topics[].topic")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('OffsetForLeaderEpochRequest.topics[].topic')
        x1['topic'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at OffsetForLeaderEpochRequest.topics[].partitions")
        n3 -= 1
        if n3 > end - pos:
            raise _too_many(n3, end - pos, 'OffsetForLeaderEpochRequest.topics[].partitions')
        x1['partitions'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['partition'], x3['current_leader_epoch'], x3['leader_epoch'] = _unpack_from_iii(buf, pos)
            pos += 12
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'OffsetForLeaderEpochRequest.topics[].partitions[]')
            else:
                pos += 1
            a3.append(x3)
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'OffsetForLeaderEpochRequest.topics[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'OffsetForLeaderEpochRequest')
    else:
        pos += 1
    return obj, pos


def _OffsetForLeaderEpochRequest_v4_encode(obj, w):
    # OffsetForLeaderEpochRequest v4: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_replica_id = g0('replica_id')
    if v0_replica_id is None:
        v0_replica_id = -2
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_i(v0_replica_id))
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
            v4_leader_epoch = g4('leader_epoch')
            if v4_leader_epoch is None:
                v4_leader_epoch = 0
            w(_pack_iii(v4_partition, v4_current_leader_epoch, v4_leader_epoch))
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


def _OffsetForLeaderEpochResponse_v0_decode(buf, pos):
    # OffsetForLeaderEpochResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at OffsetForLeaderEpochResponse.topics")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'OffsetForLeaderEpochResponse.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at OffsetForLeaderEpochResponse.topics[].topic")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('OffsetForLeaderEpochResponse.topics[].topic')
        x0['topic'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at OffsetForLeaderEpochResponse.topics[].partitions")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'OffsetForLeaderEpochResponse.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['error_code'], x1['partition'], x1['end_offset'] = _unpack_from_hiq(buf, pos)
            pos += 14
            x1['leader_epoch'] = -1
            a1.append(x1)
        a0.append(x0)
    obj['throttle_time_ms'] = 0
    return obj, pos


def _OffsetForLeaderEpochResponse_v0_encode(obj, w):
    # OffsetForLeaderEpochResponse v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_i(len(v0_topics)))
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
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_partition = g4('partition')
            if v4_partition is None:
                v4_partition = 0
            v4_end_offset = g4('end_offset')
            if v4_end_offset is None:
                v4_end_offset = 0
            w(_pack_hiq(v4_error_code, v4_partition, v4_end_offset))


def _OffsetForLeaderEpochResponse_v1_decode(buf, pos):
    # OffsetForLeaderEpochResponse v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at OffsetForLeaderEpochResponse.topics")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'OffsetForLeaderEpochResponse.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at OffsetForLeaderEpochResponse.topics[].topic")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('OffsetForLeaderEpochResponse.topics[].topic')
        x0['topic'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at OffsetForLeaderEpochResponse.topics[].partitions")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'OffsetForLeaderEpochResponse.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['error_code'], x1['partition'], x1['leader_epoch'], x1['end_offset'] = _unpack_from_hiiq(buf, pos)
            pos += 18
            a1.append(x1)
        a0.append(x0)
    obj['throttle_time_ms'] = 0
    return obj, pos


def _OffsetForLeaderEpochResponse_v1_encode(obj, w):
    # OffsetForLeaderEpochResponse v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_i(len(v0_topics)))
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
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_partition = g4('partition')
            if v4_partition is None:
                v4_partition = 0
            v4_leader_epoch = g4('leader_epoch')
            if v4_leader_epoch is None:
                v4_leader_epoch = -1
            v4_end_offset = g4('end_offset')
            if v4_end_offset is None:
                v4_end_offset = 0
            w(_pack_hiiq(v4_error_code, v4_partition, v4_leader_epoch, v4_end_offset))


def _OffsetForLeaderEpochResponse_v2_decode(buf, pos):
    # OffsetForLeaderEpochResponse v2: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at OffsetForLeaderEpochResponse.topics")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'OffsetForLeaderEpochResponse.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at OffsetForLeaderEpochResponse.topics[].topic")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('OffsetForLeaderEpochResponse.topics[].topic')
        x0['topic'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at OffsetForLeaderEpochResponse.topics[].partitions")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'OffsetForLeaderEpochResponse.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['error_code'], x1['partition'], x1['leader_epoch'], x1['end_offset'] = _unpack_from_hiiq(buf, pos)
            pos += 18
            a1.append(x1)
        a0.append(x0)
    return obj, pos


def _OffsetForLeaderEpochResponse_v2_encode(obj, w):
    # OffsetForLeaderEpochResponse v2: passes the bytes of obj, in pieces, to w
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
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_partition = g4('partition')
            if v4_partition is None:
                v4_partition = 0
            v4_leader_epoch = g4('leader_epoch')
            if v4_leader_epoch is None:
                v4_leader_epoch = -1
            v4_end_offset = g4('end_offset')
            if v4_end_offset is None:
                v4_end_offset = 0
            w(_pack_hiiq(v4_error_code, v4_partition, v4_leader_epoch, v4_end_offset))


def _OffsetForLeaderEpochResponse_v4_decode(buf, pos):
    # OffsetForLeaderEpochResponse v4: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at OffsetForLeaderEpochResponse.topics")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'OffsetForLeaderEpochResponse.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at OffsetForLeaderEpochResponse.topics[].topic")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('OffsetForLeaderEpochResponse.topics[].topic')
        x1['topic'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at OffsetForLeaderEpochResponse.topics[].partitions")
        n3 -= 1
        if n3 > end - pos:
            raise _too_many(n3, end - pos, 'OffsetForLeaderEpochResponse.topics[].partitions')
        x1['partitions'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['error_code'], x3['partition'], x3['leader_epoch'], x3['end_offset'] = _unpack_from_hiiq(buf, pos)
            pos += 18
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'OffsetForLeaderEpochResponse.topics[].partitions[]')
            else:
                pos += 1
            a3.append(x3)
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'OffsetForLeaderEpochResponse.topics[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'OffsetForLeaderEpochResponse')
    else:
        pos += 1
    return obj, pos


def _OffsetForLeaderEpochResponse_v4_encode(obj, w):
    # OffsetForLeaderEpochResponse v4: passes the bytes of obj, in pieces, to w
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
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_partition = g4('partition')
            if v4_partition is None:
                v4_partition = 0
            v4_leader_epoch = g4('leader_epoch')
            if v4_leader_epoch is None:
                v4_leader_epoch = -1
            v4_end_offset = g4('end_offset')
            if v4_end_offset is None:
                v4_end_offset = 0
            w(_pack_hiiq(v4_error_code, v4_partition, v4_leader_epoch, v4_end_offset))
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


def _DeleteGroupsRequest_v0_decode(buf, pos):
    # DeleteGroupsRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at DeleteGroupsRequest.groups_names")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'DeleteGroupsRequest.groups_names')
    obj['groups_names'] = a0 = []
    for _ in range(n0):
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at DeleteGroupsRequest.groups_names[]")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DeleteGroupsRequest.groups_names[]')
        x0 = buf[pos:e1].decode()
        pos = e1
        a0.append(x0)
    return obj, pos


def _DeleteGroupsRequest_v0_encode(obj, w):
    # DeleteGroupsRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_groups_names = g0('groups_names')
    if v0_groups_names is None:
        v0_groups_names = []
    w(_pack_i(len(v0_groups_names)))
    for x0 in v0_groups_names:
        if x0 is None:
            raise _null_build('string', 'DeleteGroupsRequest.groups_names[]')
        x0_bytes = x0.encode()
        w(_pack_h(len(x0_bytes)))
        w(x0_bytes)


def _DeleteGroupsRequest_v2_decode(buf, pos):
    # DeleteGroupsRequest v2: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at DeleteGroupsRequest.groups_names")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'DeleteGroupsRequest.groups_names')
    obj['groups_names'] = a1 = []
    for _ in range(n1):
        n2 = buf[pos]
        if n2 > 127:
            n2, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n2:
            raise _Err("null in non-nullable string at DeleteGroupsRequest.groups_names[]")
        n2 -= 1
        e2 = pos + n2
        if e2 > end:
            raise _truncated('DeleteGroupsRequest.groups_names[]')
        x1 = buf[pos:e2].decode()
        pos = e2
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DeleteGroupsRequest')
    else:
        pos += 1
    return obj, pos


def _DeleteGroupsRequest_v2_encode(obj, w):
    # DeleteGroupsRequest v2: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_groups_names = g0('groups_names')
    if v0_groups_names is None:
        v0_groups_names = []
    n0 = len(v0_groups_names) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_groups_names:
        if x0 is None:
            raise _null_build('string', 'DeleteGroupsRequest.groups_names[]')
        x0_bytes = x0.encode()
        n1 = len(x0_bytes) + 1
        w(_UV[n1] if n1 < 128 else _uv(n1))
        w(x0_bytes)
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _DeleteGroupsResponse_v0_decode(buf, pos):
    # DeleteGroupsResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at DeleteGroupsResponse.results")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'DeleteGroupsResponse.results')
    obj['results'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at DeleteGroupsResponse.results[].group_id")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DeleteGroupsResponse.results[].group_id')
        x0['group_id'] = buf[pos:e1].decode()
        pos = e1
        x0['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
        a0.append(x0)
    return obj, pos


def _DeleteGroupsResponse_v0_encode(obj, w):
    # DeleteGroupsResponse v0: passes the bytes of obj, in pieces, to w
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
        v2_group_id = g2('group_id')
        if v2_group_id is None:
            v2_group_id = ''
        v2_group_id_bytes = v2_group_id.encode()
        w(_pack_h(len(v2_group_id_bytes)))
        w(v2_group_id_bytes)
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        w(_pack_h(v2_error_code))


def _DeleteGroupsResponse_v2_decode(buf, pos):
    # DeleteGroupsResponse v2: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at DeleteGroupsResponse.results")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'DeleteGroupsResponse.results')
    obj['results'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at DeleteGroupsResponse.results[].group_id")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('DeleteGroupsResponse.results[].group_id')
        x1['group_id'] = buf[pos:e3].decode()
        pos = e3
        x1['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'DeleteGroupsResponse.results[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DeleteGroupsResponse')
    else:
        pos += 1
    return obj, pos


def _DeleteGroupsResponse_v2_encode(obj, w):
    # DeleteGroupsResponse v2: passes the bytes of obj, in pieces, to w
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
        v2_group_id = g2('group_id')
        if v2_group_id is None:
            v2_group_id = ''
        v2_group_id_bytes = v2_group_id.encode()
        n2 = len(v2_group_id_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_group_id_bytes)
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


def _OffsetDeleteRequest_v0_decode(buf, pos):
    # OffsetDeleteRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at OffsetDeleteRequest.group_id")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('OffsetDeleteRequest.group_id')
    obj['group_id'] = buf[pos:e0].decode()
    pos = e0
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at OffsetDeleteRequest.topics")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'OffsetDeleteRequest.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at OffsetDeleteRequest.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('OffsetDeleteRequest.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at OffsetDeleteRequest.topics[].partitions")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'OffsetDeleteRequest.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], = _unpack_from_i(buf, pos)
            pos += 4
            a1.append(x1)
        a0.append(x0)
    return obj, pos


def _OffsetDeleteRequest_v0_encode(obj, w):
    # OffsetDeleteRequest v0: passes the bytes of obj, in pieces, to w
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
            w(_pack_i(v4_partition_index))


def _OffsetDeleteResponse_v0_decode(buf, pos):
    # OffsetDeleteResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['error_code'], obj['throttle_time_ms'], n0 = _unpack_from_hii(buf, pos)
    pos += 10
    if n0 < 0:
        raise _Err("null in non-nullable array at OffsetDeleteResponse.topics")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'OffsetDeleteResponse.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at OffsetDeleteResponse.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('OffsetDeleteResponse.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at OffsetDeleteResponse.topics[].partitions")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'OffsetDeleteResponse.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['error_code'] = _unpack_from_ih(buf, pos)
            pos += 6
            a1.append(x1)
        a0.append(x0)
    return obj, pos


def _OffsetDeleteResponse_v0_encode(obj, w):
    # OffsetDeleteResponse v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_hii(v0_error_code, v0_throttle_time_ms, len(v0_topics)))
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


def _ConsumerGroupDescribeRequest_v0_decode(buf, pos):
    # ConsumerGroupDescribeRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ConsumerGroupDescribeRequest.group_ids")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'ConsumerGroupDescribeRequest.group_ids')
    obj['group_ids'] = a1 = []
    for _ in range(n1):
        n2 = buf[pos]
        if n2 > 127:
            n2, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n2:
            raise _Err("null in non-nullable string at ConsumerGroupDescribeRequest.group_ids[]")
        n2 -= 1
        e2 = pos + n2
        if e2 > end:
            raise _truncated('ConsumerGroupDescribeRequest.group_ids[]')
        x1 = buf[pos:e2].decode()
        pos = e2
        a1.append(x1)
    obj['include_authorized_operations'], = _unpack_from_o(buf, pos)
    pos += 1
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ConsumerGroupDescribeRequest')
    else:
        pos += 1
    return obj, pos


def _ConsumerGroupDescribeRequest_v0_encode(obj, w):
    # ConsumerGroupDescribeRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_ids = g0('group_ids')
    if v0_group_ids is None:
        v0_group_ids = []
    n0 = len(v0_group_ids) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_group_ids:
        if x0 is None:
            raise _null_build('string', 'ConsumerGroupDescribeRequest.group_ids[]')
        x0_bytes = x0.encode()
        n1 = len(x0_bytes) + 1
        w(_UV[n1] if n1 < 128 else _uv(n1))
        w(x0_bytes)
    v0_include_authorized_operations = g0('include_authorized_operations')
    if v0_include_authorized_operations is None:
        v0_include_authorized_operations = False
    w(_pack_o(v0_include_authorized_operations))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ConsumerGroupDescribeResponse_v0_decode(buf, pos):
    # ConsumerGroupDescribeResponse v0: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at ConsumerGroupDescribeResponse.groups")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'ConsumerGroupDescribeResponse.groups')
    obj['groups'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
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
                raise _truncated('ConsumerGroupDescribeResponse.groups[].error_message')
            x1['error_message'] = buf[pos:e3].decode()
            pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ConsumerGroupDescribeResponse.groups[].group_id")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ConsumerGroupDescribeResponse.groups[].group_id')
        x1['group_id'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ConsumerGroupDescribeResponse.groups[].group_state")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ConsumerGroupDescribeResponse.groups[].group_state')
        x1['group_state'] = buf[pos:e3].decode()
        pos = e3
        x1['group_epoch'], x1['assignment_epoch'] = _unpack_from_ii(buf, pos)
        pos += 8
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ConsumerGroupDescribeResponse.groups[].assignor_name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ConsumerGroupDescribeResponse.groups[].assignor_name')
        x1['assignor_name'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at ConsumerGroupDescribeResponse.groups[].members")
        n3 -= 1
        if n3 > end - pos:
            raise _too_many(n3, end - pos, 'ConsumerGroupDescribeResponse.groups[].members')
        x1['members'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at ConsumerGroupDescribeResponse.groups[].members[].member_id")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('ConsumerGroupDescribeResponse.groups[].members[].member_id')
            x3['member_id'] = buf[pos:e5].decode()
            pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                x3['instance_id'] = None
            else:
                n5 -= 1
                e5 = pos + n5
                if e5 > end:
                    raise _truncated('ConsumerGroupDescribeResponse.groups[].members[].instance_id')
                x3['instance_id'] = buf[pos:e5].decode()
                pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                x3['rack_id'] = None
            else:
                n5 -= 1
                e5 = pos + n5
                if e5 > end:
                    raise _truncated('ConsumerGroupDescribeResponse.groups[].members[].rack_id')
                x3['rack_id'] = buf[pos:e5].decode()
                pos = e5
            x3['member_epoch'], = _unpack_from_i(buf, pos)
            pos += 4
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at ConsumerGroupDescribeResponse.groups[].members[].client_id")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('ConsumerGroupDescribeResponse.groups[].members[].client_id')
            x3['client_id'] = buf[pos:e5].decode()
            pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at ConsumerGroupDescribeResponse.groups[].members[].client_host")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('ConsumerGroupDescribeResponse.groups[].members[].client_host')
            x3['client_host'] = buf[pos:e5].decode()
            pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at ConsumerGroupDescribeResponse.groups[].members[].subscribed_topic_names")
            n5 -= 1
            if n5 > end - pos:
                raise _too_many(n5, end - pos, 'ConsumerGroupDescribeResponse.groups[].members[].subscribed_topic_names')
            x3['subscribed_topic_names'] = a5 = []
            for _ in range(n5):
                n6 = buf[pos]
                if n6 > 127:
                    n6, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n6:
                    raise _Err("null in non-nullable string at ConsumerGroupDescribeResponse.groups[].members[].subscribed_topic_names[]")
                n6 -= 1
                e6 = pos + n6
                if e6 > end:
                    raise _truncated('ConsumerGroupDescribeResponse.groups[].members[].subscribed_topic_names[]')
                x5 = buf[pos:e6].decode()
                pos = e6
                a5.append(x5)
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                x3['subscribed_topic_regex'] = None
            else:
                n5 -= 1
                e5 = pos + n5
                if e5 > end:
                    raise _truncated('ConsumerGroupDescribeResponse.groups[].members[].subscribed_topic_regex')
                x3['subscribed_topic_regex'] = buf[pos:e5].decode()
                pos = e5
            x3['assignment'] = o5 = Container()
            n6 = buf[pos]
            if n6 > 127:
                n6, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n6:
                raise _Err("null in non-nullable array at ConsumerGroupDescribeResponse.groups[].members[].assignment.topic_partitions")
            n6 -= 1
            if n6 > end - pos:
                raise _too_many(n6, end - pos, 'ConsumerGroupDescribeResponse.groups[].members[].assignment.topic_partitions')
            o5['topic_partitions'] = a6 = []
            for _ in range(n6):
                x6 = Container()
                x6['topic_id'], = _unpack_from_16s(buf, pos)
                pos += 16
                x6['topic_id'] = _uuid(x6['topic_id'])
                n8 = buf[pos]
                if n8 > 127:
                    n8, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n8:
                    raise _Err("null in non-nullable string at ConsumerGroupDescribeResponse.groups[].members[].assignment.topic_partitions[].topic_name")
                n8 -= 1
                e8 = pos + n8
                if e8 > end:
                    raise _truncated('ConsumerGroupDescribeResponse.groups[].members[].assignment.topic_partitions[].topic_name')
                x6['topic_name'] = buf[pos:e8].decode()
                pos = e8
                n8 = buf[pos]
                if n8 > 127:
                    n8, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n8:
                    raise _Err("null in non-nullable array at ConsumerGroupDescribeResponse.groups[].members[].assignment.topic_partitions[].partitions")
                n8 -= 1
                if n8 > end - pos:
                    raise _too_many(n8, end - pos, 'ConsumerGroupDescribeResponse.groups[].members[].assignment.topic_partitions[].partitions')
                x6['partitions'] = list(_unpack_from_i_arrays[n8](buf, pos) if n8 < 32 else _struct_unpack_from('>%di' % n8, buf, pos))
                pos += 4 * n8
                if buf[pos]:  # tagged fields
                    pos = _read_tags(buf, pos, x6, _NO_TAGS, 'ConsumerGroupDescribeResponse.groups[].members[].assignment.topic_partitions[]')
                else:
                    pos += 1
                a6.append(x6)
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, o5, _NO_TAGS, 'ConsumerGroupDescribeResponse.groups[].members[].assignment')
            else:
                pos += 1
            x3['target_assignment'] = o5 = Container()
            n6 = buf[pos]
            if n6 > 127:
                n6, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n6:
                raise _Err("null in non-nullable array at ConsumerGroupDescribeResponse.groups[].members[].target_assignment.topic_partitions")
            n6 -= 1
            if n6 > end - pos:
                raise _too_many(n6, end - pos, 'ConsumerGroupDescribeResponse.groups[].members[].target_assignment.topic_partitions')
            o5['topic_partitions'] = a6 = []
            for _ in range(n6):
                x6 = Container()
                x6['topic_id'], = _unpack_from_16s(buf, pos)
                pos += 16
                x6['topic_id'] = _uuid(x6['topic_id'])
                n8 = buf[pos]
                if n8 > 127:
                    n8, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n8:
                    raise _Err("null in non-nullable string at ConsumerGroupDescribeResponse.groups[].members[].target_assignment.topic_partitions[].topic_name")
                n8 -= 1
                e8 = pos + n8
                if e8 > end:
                    raise _truncated('ConsumerGroupDescribeResponse.groups[].members[].target_assignment.topic_partitions[].topic_name')
                x6['topic_name'] = buf[pos:e8].decode()
                pos = e8
                n8 = buf[pos]
                if n8 > 127:
                    n8, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n8:
                    raise _Err("null in non-nullable array at ConsumerGroupDescribeResponse.groups[].members[].target_assignment.topic_partitions[].partitions")
                n8 -= 1
                if n8 > end - pos:
                    raise _too_many(n8, end - pos, 'ConsumerGroupDescribeResponse.groups[].members[].target_assignment.topic_partitions[].partitions')
                x6['partitions'] = list(_unpack_from_i_arrays[n8](buf, pos) if n8 < 32 else _struct_unpack_from('>%di' % n8, buf, pos))
                pos += 4 * n8
                if buf[pos]:  # tagged fields
                    pos = _read_tags(buf, pos, x6, _NO_TAGS, 'ConsumerGroupDescribeResponse.groups[].members[].target_assignment.topic_partitions[]')
                else:
                    pos += 1
                a6.append(x6)
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, o5, _NO_TAGS, 'ConsumerGroupDescribeResponse.groups[].members[].target_assignment')
            else:
                pos += 1
            x3['member_type'] = -1
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'ConsumerGroupDescribeResponse.groups[].members[]')
            else:
                pos += 1
            a3.append(x3)
        x1['authorized_operations'], = _unpack_from_i(buf, pos)
        pos += 4
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ConsumerGroupDescribeResponse.groups[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ConsumerGroupDescribeResponse')
    else:
        pos += 1
    return obj, pos


def _ConsumerGroupDescribeResponse_v0_encode(obj, w):
    # ConsumerGroupDescribeResponse v0: passes the bytes of obj, in pieces, to w
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
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_error_message = g2('error_message', None)
        v2_error_message_bytes = None if v2_error_message is None else v2_error_message.encode()
        w(_pack_h(v2_error_code))
        if v2_error_message_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_error_message_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_error_message_bytes)
        v2_group_id = g2('group_id')
        if v2_group_id is None:
            v2_group_id = ''
        v2_group_id_bytes = v2_group_id.encode()
        n2 = len(v2_group_id_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_group_id_bytes)
        v2_group_state = g2('group_state')
        if v2_group_state is None:
            v2_group_state = ''
        v2_group_state_bytes = v2_group_state.encode()
        n2 = len(v2_group_state_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_group_state_bytes)
        v2_group_epoch = g2('group_epoch')
        if v2_group_epoch is None:
            v2_group_epoch = 0
        v2_assignment_epoch = g2('assignment_epoch')
        if v2_assignment_epoch is None:
            v2_assignment_epoch = 0
        v2_assignor_name = g2('assignor_name')
        if v2_assignor_name is None:
            v2_assignor_name = ''
        v2_assignor_name_bytes = v2_assignor_name.encode()
        w(_pack_ii(v2_group_epoch, v2_assignment_epoch))
        n2 = len(v2_assignor_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_assignor_name_bytes)
        v2_members = g2('members')
        if v2_members is None:
            v2_members = []
        n2 = len(v2_members) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_members:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_member_id = g4('member_id')
            if v4_member_id is None:
                v4_member_id = ''
            v4_member_id_bytes = v4_member_id.encode()
            n4 = len(v4_member_id_bytes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_member_id_bytes)
            v4_instance_id = g4('instance_id', None)
            v4_instance_id_bytes = None if v4_instance_id is None else v4_instance_id.encode()
            if v4_instance_id_bytes is None:
                w(b'\x00')
            else:
                n4 = len(v4_instance_id_bytes) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_instance_id_bytes)
            v4_rack_id = g4('rack_id', None)
            v4_rack_id_bytes = None if v4_rack_id is None else v4_rack_id.encode()
            if v4_rack_id_bytes is None:
                w(b'\x00')
            else:
                n4 = len(v4_rack_id_bytes) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_rack_id_bytes)
            v4_member_epoch = g4('member_epoch')
            if v4_member_epoch is None:
                v4_member_epoch = 0
            v4_client_id = g4('client_id')
            if v4_client_id is None:
                v4_client_id = ''
            v4_client_id_bytes = v4_client_id.encode()
            w(_pack_i(v4_member_epoch))
            n4 = len(v4_client_id_bytes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_client_id_bytes)
            v4_client_host = g4('client_host')
            if v4_client_host is None:
                v4_client_host = ''
            v4_client_host_bytes = v4_client_host.encode()
            n4 = len(v4_client_host_bytes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_client_host_bytes)
            v4_subscribed_topic_names = g4('subscribed_topic_names')
            if v4_subscribed_topic_names is None:
                v4_subscribed_topic_names = []
            n4 = len(v4_subscribed_topic_names) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            for x4 in v4_subscribed_topic_names:
                if x4 is None:
                    raise _null_build('string', 'ConsumerGroupDescribeResponse.groups[].members[].subscribed_topic_names[]')
                x4_bytes = x4.encode()
                n5 = len(x4_bytes) + 1
                w(_UV[n5] if n5 < 128 else _uv(n5))
                w(x4_bytes)
            v4_subscribed_topic_regex = g4('subscribed_topic_regex', None)
            v4_subscribed_topic_regex_bytes = None if v4_subscribed_topic_regex is None else v4_subscribed_topic_regex.encode()
            if v4_subscribed_topic_regex_bytes is None:
                w(b'\x00')
            else:
                n4 = len(v4_subscribed_topic_regex_bytes) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_subscribed_topic_regex_bytes)
            v4_assignment = g4('assignment')
            if v4_assignment is None:
                v4_assignment = _D_ConsumerGroupDescribeResponse_v0_1
            g5 = v4_assignment.get if isinstance(v4_assignment, dict) else _getter(v4_assignment)
            v5_topic_partitions = g5('topic_partitions')
            if v5_topic_partitions is None:
                v5_topic_partitions = []
            n5 = len(v5_topic_partitions) + 1
            w(_UV[n5] if n5 < 128 else _uv(n5))
            for x5 in v5_topic_partitions:
                g7 = x5.get if isinstance(x5, dict) else _getter(x5)
                v7_topic_id = g7('topic_id')
                if v7_topic_id is None:
                    v7_topic_id = _D_ConsumerGroupDescribeResponse_v0_2
                w(v7_topic_id.bytes)
                v7_topic_name = g7('topic_name')
                if v7_topic_name is None:
                    v7_topic_name = ''
                v7_topic_name_bytes = v7_topic_name.encode()
                n7 = len(v7_topic_name_bytes) + 1
                w(_UV[n7] if n7 < 128 else _uv(n7))
                w(v7_topic_name_bytes)
                v7_partitions = g7('partitions')
                if v7_partitions is None:
                    v7_partitions = []
                n7 = len(v7_partitions) + 1
                w(_UV[n7] if n7 < 128 else _uv(n7))
                w(_pack_i_arrays[len(v7_partitions)](*v7_partitions) if len(v7_partitions) < 32 else _struct_pack('>%di' % len(v7_partitions), *v7_partitions))
                u7 = g7('_unknown_tags', None)
                if u7:
                    _write_tags(w, sorted(u7.items()))
                else:
                    w(b'\x00')  # no tagged fields
            u5 = g5('_unknown_tags', None)
            if u5:
                _write_tags(w, sorted(u5.items()))
            else:
                w(b'\x00')  # no tagged fields
            v4_target_assignment = g4('target_assignment')
            if v4_target_assignment is None:
                v4_target_assignment = _D_ConsumerGroupDescribeResponse_v0_3
            g5 = v4_target_assignment.get if isinstance(v4_target_assignment, dict) else _getter(v4_target_assignment)
            v5_topic_partitions = g5('topic_partitions')
            if v5_topic_partitions is None:
                v5_topic_partitions = []
            n5 = len(v5_topic_partitions) + 1
            w(_UV[n5] if n5 < 128 else _uv(n5))
            for x5 in v5_topic_partitions:
                g7 = x5.get if isinstance(x5, dict) else _getter(x5)
                v7_topic_id = g7('topic_id')
                if v7_topic_id is None:
                    v7_topic_id = _D_ConsumerGroupDescribeResponse_v0_2
                w(v7_topic_id.bytes)
                v7_topic_name = g7('topic_name')
                if v7_topic_name is None:
                    v7_topic_name = ''
                v7_topic_name_bytes = v7_topic_name.encode()
                n7 = len(v7_topic_name_bytes) + 1
                w(_UV[n7] if n7 < 128 else _uv(n7))
                w(v7_topic_name_bytes)
                v7_partitions = g7('partitions')
                if v7_partitions is None:
                    v7_partitions = []
                n7 = len(v7_partitions) + 1
                w(_UV[n7] if n7 < 128 else _uv(n7))
                w(_pack_i_arrays[len(v7_partitions)](*v7_partitions) if len(v7_partitions) < 32 else _struct_pack('>%di' % len(v7_partitions), *v7_partitions))
                u7 = g7('_unknown_tags', None)
                if u7:
                    _write_tags(w, sorted(u7.items()))
                else:
                    w(b'\x00')  # no tagged fields
            u5 = g5('_unknown_tags', None)
            if u5:
                _write_tags(w, sorted(u5.items()))
            else:
                w(b'\x00')  # no tagged fields
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        v2_authorized_operations = g2('authorized_operations')
        if v2_authorized_operations is None:
            v2_authorized_operations = -2147483648
        w(_pack_i(v2_authorized_operations))
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


def _ConsumerGroupDescribeResponse_v1_decode(buf, pos):
    # ConsumerGroupDescribeResponse v1: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at ConsumerGroupDescribeResponse.groups")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'ConsumerGroupDescribeResponse.groups')
    obj['groups'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
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
                raise _truncated('ConsumerGroupDescribeResponse.groups[].error_message')
            x1['error_message'] = buf[pos:e3].decode()
            pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ConsumerGroupDescribeResponse.groups[].group_id")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ConsumerGroupDescribeResponse.groups[].group_id')
        x1['group_id'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ConsumerGroupDescribeResponse.groups[].group_state")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ConsumerGroupDescribeResponse.groups[].group_state')
        x1['group_state'] = buf[pos:e3].decode()
        pos = e3
        x1['group_epoch'], x1['assignment_epoch'] = _unpack_from_ii(buf, pos)
        pos += 8
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ConsumerGroupDescribeResponse.groups[].assignor_name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ConsumerGroupDescribeResponse.groups[].assignor_name')
        x1['assignor_name'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at ConsumerGroupDescribeResponse.groups[].members")
        n3 -= 1
        if n3 > end - pos:
            raise _too_many(n3, end - pos, 'ConsumerGroupDescribeResponse.groups[].members')
        x1['members'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at ConsumerGroupDescribeResponse.groups[].members[].member_id")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('ConsumerGroupDescribeResponse.groups[].members[].member_id')
            x3['member_id'] = buf[pos:e5].decode()
            pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                x3['instance_id'] = None
            else:
                n5 -= 1
                e5 = pos + n5
                if e5 > end:
                    raise _truncated('ConsumerGroupDescribeResponse.groups[].members[].instance_id')
                x3['instance_id'] = buf[pos:e5].decode()
                pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                x3['rack_id'] = None
            else:
                n5 -= 1
                e5 = pos + n5
                if e5 > end:
                    raise _truncated('ConsumerGroupDescribeResponse.groups[].members[].rack_id')
                x3['rack_id'] = buf[pos:e5].decode()
                pos = e5
            x3['member_epoch'], = _unpack_from_i(buf, pos)
            pos += 4
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at ConsumerGroupDescribeResponse.groups[].members[].client_id")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('ConsumerGroupDescribeResponse.groups[].members[].client_id')
            x3['client_id'] = buf[pos:e5].decode()
            pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at ConsumerGroupDescribeResponse.groups[].members[].client_host")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('ConsumerGroupDescribeResponse.groups[].members[].client_host')
            x3['client_host'] = buf[pos:e5].decode()
            pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at ConsumerGroupDescribeResponse.groups[].members[].subscribed_topic_names")
            n5 -= 1
            if n5 > end - pos:
                raise _too_many(n5, end - pos, 'ConsumerGroupDescribeResponse.groups[].members[].subscribed_topic_names')
            x3['subscribed_topic_names'] = a5 = []
            for _ in range(n5):
                n6 = buf[pos]
                if n6 > 127:
                    n6, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n6:
                    raise _Err("null in non-nullable string at ConsumerGroupDescribeResponse.groups[].members[].subscribed_topic_names[]")
                n6 -= 1
                e6 = pos + n6
                if e6 > end:
                    raise _truncated('ConsumerGroupDescribeResponse.groups[].members[].subscribed_topic_names[]')
                x5 = buf[pos:e6].decode()
                pos = e6
                a5.append(x5)
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                x3['subscribed_topic_regex'] = None
            else:
                n5 -= 1
                e5 = pos + n5
                if e5 > end:
                    raise _truncated('ConsumerGroupDescribeResponse.groups[].members[].subscribed_topic_regex')
                x3['subscribed_topic_regex'] = buf[pos:e5].decode()
                pos = e5
            x3['assignment'] = o5 = Container()
            n6 = buf[pos]
            if n6 > 127:
                n6, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n6:
                raise _Err("null in non-nullable array at ConsumerGroupDescribeResponse.groups[].members[].assignment.topic_partitions")
            n6 -= 1
            if n6 > end - pos:
                raise _too_many(n6, end - pos, 'ConsumerGroupDescribeResponse.groups[].members[].assignment.topic_partitions')
            o5['topic_partitions'] = a6 = []
            for _ in range(n6):
                x6 = Container()
                x6['topic_id'], = _unpack_from_16s(buf, pos)
                pos += 16
                x6['topic_id'] = _uuid(x6['topic_id'])
                n8 = buf[pos]
                if n8 > 127:
                    n8, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n8:
                    raise _Err("null in non-nullable string at ConsumerGroupDescribeResponse.groups[].members[].assignment.topic_partitions[].topic_name")
                n8 -= 1
                e8 = pos + n8
                if e8 > end:
                    raise _truncated('ConsumerGroupDescribeResponse.groups[].members[].assignment.topic_partitions[].topic_name')
                x6['topic_name'] = buf[pos:e8].decode()
                pos = e8
                n8 = buf[pos]
                if n8 > 127:
                    n8, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n8:
                    raise _Err("null in non-nullable array at ConsumerGroupDescribeResponse.groups[].members[].assignment.topic_partitions[].partitions")
                n8 -= 1
                if n8 > end - pos:
                    raise _too_many(n8, end - pos, 'ConsumerGroupDescribeResponse.groups[].members[].assignment.topic_partitions[].partitions')
                x6['partitions'] = list(_unpack_from_i_arrays[n8](buf, pos) if n8 < 32 else _struct_unpack_from('>%di' % n8, buf, pos))
                pos += 4 * n8
                if buf[pos]:  # tagged fields
                    pos = _read_tags(buf, pos, x6, _NO_TAGS, 'ConsumerGroupDescribeResponse.groups[].members[].assignment.topic_partitions[]')
                else:
                    pos += 1
                a6.append(x6)
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, o5, _NO_TAGS, 'ConsumerGroupDescribeResponse.groups[].members[].assignment')
            else:
                pos += 1
            x3['target_assignment'] = o5 = Container()
            n6 = buf[pos]
            if n6 > 127:
                n6, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n6:
                raise _Err("null in non-nullable array at ConsumerGroupDescribeResponse.groups[].members[].target_assignment.topic_partitions")
            n6 -= 1
            if n6 > end - pos:
                raise _too_many(n6, end - pos, 'ConsumerGroupDescribeResponse.groups[].members[].target_assignment.topic_partitions')
            o5['topic_partitions'] = a6 = []
            for _ in range(n6):
                x6 = Container()
                x6['topic_id'], = _unpack_from_16s(buf, pos)
                pos += 16
                x6['topic_id'] = _uuid(x6['topic_id'])
                n8 = buf[pos]
                if n8 > 127:
                    n8, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n8:
                    raise _Err("null in non-nullable string at ConsumerGroupDescribeResponse.groups[].members[].target_assignment.topic_partitions[].topic_name")
                n8 -= 1
                e8 = pos + n8
                if e8 > end:
                    raise _truncated('ConsumerGroupDescribeResponse.groups[].members[].target_assignment.topic_partitions[].topic_name')
                x6['topic_name'] = buf[pos:e8].decode()
                pos = e8
                n8 = buf[pos]
                if n8 > 127:
                    n8, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n8:
                    raise _Err("null in non-nullable array at ConsumerGroupDescribeResponse.groups[].members[].target_assignment.topic_partitions[].partitions")
                n8 -= 1
                if n8 > end - pos:
                    raise _too_many(n8, end - pos, 'ConsumerGroupDescribeResponse.groups[].members[].target_assignment.topic_partitions[].partitions')
                x6['partitions'] = list(_unpack_from_i_arrays[n8](buf, pos) if n8 < 32 else _struct_unpack_from('>%di' % n8, buf, pos))
                pos += 4 * n8
                if buf[pos]:  # tagged fields
                    pos = _read_tags(buf, pos, x6, _NO_TAGS, 'ConsumerGroupDescribeResponse.groups[].members[].target_assignment.topic_partitions[]')
                else:
                    pos += 1
                a6.append(x6)
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, o5, _NO_TAGS, 'ConsumerGroupDescribeResponse.groups[].members[].target_assignment')
            else:
                pos += 1
            x3['member_type'], = _unpack_from_b(buf, pos)
            pos += 1
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'ConsumerGroupDescribeResponse.groups[].members[]')
            else:
                pos += 1
            a3.append(x3)
        x1['authorized_operations'], = _unpack_from_i(buf, pos)
        pos += 4
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ConsumerGroupDescribeResponse.groups[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ConsumerGroupDescribeResponse')
    else:
        pos += 1
    return obj, pos


def _ConsumerGroupDescribeResponse_v1_encode(obj, w):
    # ConsumerGroupDescribeResponse v1: passes the bytes of obj, in pieces, to w
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
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_error_message = g2('error_message', None)
        v2_error_message_bytes = None if v2_error_message is None else v2_error_message.encode()
        w(_pack_h(v2_error_code))
        if v2_error_message_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_error_message_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_error_message_bytes)
        v2_group_id = g2('group_id')
        if v2_group_id is None:
            v2_group_id = ''
        v2_group_id_bytes = v2_group_id.encode()
        n2 = len(v2_group_id_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_group_id_bytes)
        v2_group_state = g2('group_state')
        if v2_group_state is None:
            v2_group_state = ''
        v2_group_state_bytes = v2_group_state.encode()
        n2 = len(v2_group_state_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_group_state_bytes)
        v2_group_epoch = g2('group_epoch')
        if v2_group_epoch is None:
            v2_group_epoch = 0
        v2_assignment_epoch = g2('assignment_epoch')
        if v2_assignment_epoch is None:
            v2_assignment_epoch = 0
        v2_assignor_name = g2('assignor_name')
        if v2_assignor_name is None:
            v2_assignor_name = ''
        v2_assignor_name_bytes = v2_assignor_name.encode()
        w(_pack_ii(v2_group_epoch, v2_assignment_epoch))
        n2 = len(v2_assignor_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_assignor_name_bytes)
        v2_members = g2('members')
        if v2_members is None:
            v2_members = []
        n2 = len(v2_members) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_members:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_member_id = g4('member_id')
            if v4_member_id is None:
                v4_member_id = ''
            v4_member_id_bytes = v4_member_id.encode()
            n4 = len(v4_member_id_bytes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_member_id_bytes)
            v4_instance_id = g4('instance_id', None)
            v4_instance_id_bytes = None if v4_instance_id is None else v4_instance_id.encode()
            if v4_instance_id_bytes is None:
                w(b'\x00')
            else:
                n4 = len(v4_instance_id_bytes) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_instance_id_bytes)
            v4_rack_id = g4('rack_id', None)
            v4_rack_id_bytes = None if v4_rack_id is None else v4_rack_id.encode()
            if v4_rack_id_bytes is None:
                w(b'\x00')
            else:
                n4 = len(v4_rack_id_bytes) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_rack_id_bytes)
            v4_member_epoch = g4('member_epoch')
            if v4_member_epoch is None:
                v4_member_epoch = 0
            v4_client_id = g4('client_id')
            if v4_client_id is None:
                v4_client_id = ''
            v4_client_id_bytes = v4_client_id.encode()
            w(_pack_i(v4_member_epoch))
            n4 = len(v4_client_id_bytes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_client_id_bytes)
            v4_client_host = g4('client_host')
            if v4_client_host is None:
                v4_client_host = ''
            v4_client_host_bytes = v4_client_host.encode()
            n4 = len(v4_client_host_bytes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_client_host_bytes)
            v4_subscribed_topic_names = g4('subscribed_topic_names')
            if v4_subscribed_topic_names is None:
                v4_subscribed_topic_names = []
            n4 = len(v4_subscribed_topic_names) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            for x4 in v4_subscribed_topic_names:
                if x4 is None:
                    raise _null_build('string', 'ConsumerGroupDescribeResponse.groups[].members[].subscribed_topic_names[]')
                x4_bytes = x4.encode()
                n5 = len(x4_bytes) + 1
                w(_UV[n5] if n5 < 128 else _uv(n5))
                w(x4_bytes)
            v4_subscribed_topic_regex = g4('subscribed_topic_regex', None)
            v4_subscribed_topic_regex_bytes = None if v4_subscribed_topic_regex is None else v4_subscribed_topic_regex.encode()
            if v4_subscribed_topic_regex_bytes is None:
                w(b'\x00')
            else:
                n4 = len(v4_subscribed_topic_regex_bytes) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_subscribed_topic_regex_bytes)
            v4_assignment = g4('assignment')
            if v4_assignment is None:
                v4_assignment = _D_ConsumerGroupDescribeResponse_v1_1
            g5 = v4_assignment.get if isinstance(v4_assignment, dict) else _getter(v4_assignment)
            v5_topic_partitions = g5('topic_partitions')
            if v5_topic_partitions is None:
                v5_topic_partitions = []
            n5 = len(v5_topic_partitions) + 1
            w(_UV[n5] if n5 < 128 else _uv(n5))
            for x5 in v5_topic_partitions:
                g7 = x5.get if isinstance(x5, dict) else _getter(x5)
                v7_topic_id = g7('topic_id')
                if v7_topic_id is None:
                    v7_topic_id = _D_ConsumerGroupDescribeResponse_v1_2
                w(v7_topic_id.bytes)
                v7_topic_name = g7('topic_name')
                if v7_topic_name is None:
                    v7_topic_name = ''
                v7_topic_name_bytes = v7_topic_name.encode()
                n7 = len(v7_topic_name_bytes) + 1
                w(_UV[n7] if n7 < 128 else _uv(n7))
                w(v7_topic_name_bytes)
                v7_partitions = g7('partitions')
                if v7_partitions is None:
                    v7_partitions = []
                n7 = len(v7_partitions) + 1
                w(_UV[n7] if n7 < 128 else _uv(n7))
                w(_pack_i_arrays[len(v7_partitions)](*v7_partitions) if len(v7_partitions) < 32 else _struct_pack('>%di' % len(v7_partitions), *v7_partitions))
                u7 = g7('_unknown_tags', None)
                if u7:
                    _write_tags(w, sorted(u7.items()))
                else:
                    w(b'\x00')  # no tagged fields
            u5 = g5('_unknown_tags', None)
            if u5:
                _write_tags(w, sorted(u5.items()))
            else:
                w(b'\x00')  # no tagged fields
            v4_target_assignment = g4('target_assignment')
            if v4_target_assignment is None:
                v4_target_assignment = _D_ConsumerGroupDescribeResponse_v1_3
            g5 = v4_target_assignment.get if isinstance(v4_target_assignment, dict) else _getter(v4_target_assignment)
            v5_topic_partitions = g5('topic_partitions')
            if v5_topic_partitions is None:
                v5_topic_partitions = []
            n5 = len(v5_topic_partitions) + 1
            w(_UV[n5] if n5 < 128 else _uv(n5))
            for x5 in v5_topic_partitions:
                g7 = x5.get if isinstance(x5, dict) else _getter(x5)
                v7_topic_id = g7('topic_id')
                if v7_topic_id is None:
                    v7_topic_id = _D_ConsumerGroupDescribeResponse_v1_2
                w(v7_topic_id.bytes)
                v7_topic_name = g7('topic_name')
                if v7_topic_name is None:
                    v7_topic_name = ''
                v7_topic_name_bytes = v7_topic_name.encode()
                n7 = len(v7_topic_name_bytes) + 1
                w(_UV[n7] if n7 < 128 else _uv(n7))
                w(v7_topic_name_bytes)
                v7_partitions = g7('partitions')
                if v7_partitions is None:
                    v7_partitions = []
                n7 = len(v7_partitions) + 1
                w(_UV[n7] if n7 < 128 else _uv(n7))
                w(_pack_i_arrays[len(v7_partitions)](*v7_partitions) if len(v7_partitions) < 32 else _struct_pack('>%di' % len(v7_partitions), *v7_partitions))
                u7 = g7('_unknown_tags', None)
                if u7:
                    _write_tags(w, sorted(u7.items()))
                else:
                    w(b'\x00')  # no tagged fields
            u5 = g5('_unknown_tags', None)
            if u5:
                _write_tags(w, sorted(u5.items()))
            else:
                w(b'\x00')  # no tagged fields
            v4_member_type = g4('member_type')
            if v4_member_type is None:
                v4_member_type = -1
            w(_pack_b(v4_member_type))
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        v2_authorized_operations = g2('authorized_operations')
        if v2_authorized_operations is None:
            v2_authorized_operations = -2147483648
        w(_pack_i(v2_authorized_operations))
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


def _ShareGroupDescribeRequest_v1_decode(buf, pos):
    # ShareGroupDescribeRequest v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ShareGroupDescribeRequest.group_ids")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'ShareGroupDescribeRequest.group_ids')
    obj['group_ids'] = a1 = []
    for _ in range(n1):
        n2 = buf[pos]
        if n2 > 127:
            n2, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n2:
            raise _Err("null in non-nullable string at ShareGroupDescribeRequest.group_ids[]")
        n2 -= 1
        e2 = pos + n2
        if e2 > end:
            raise _truncated('ShareGroupDescribeRequest.group_ids[]')
        x1 = buf[pos:e2].decode()
        pos = e2
        a1.append(x1)
    obj['include_authorized_operations'], = _unpack_from_o(buf, pos)
    pos += 1
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ShareGroupDescribeRequest')
    else:
        pos += 1
    return obj, pos


def _ShareGroupDescribeRequest_v1_encode(obj, w):
    # ShareGroupDescribeRequest v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_group_ids = g0('group_ids')
    if v0_group_ids is None:
        v0_group_ids = []
    n0 = len(v0_group_ids) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_group_ids:
        if x0 is None:
            raise _null_build('string', 'ShareGroupDescribeRequest.group_ids[]')
        x0_bytes = x0.encode()
        n1 = len(x0_bytes) + 1
        w(_UV[n1] if n1 < 128 else _uv(n1))
        w(x0_bytes)
    v0_include_authorized_operations = g0('include_authorized_operations')
    if v0_include_authorized_operations is None:
        v0_include_authorized_operations = False
    w(_pack_o(v0_include_authorized_operations))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ShareGroupDescribeResponse_v1_decode(buf, pos):
    # ShareGroupDescribeResponse v1: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at ShareGroupDescribeResponse.groups")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'ShareGroupDescribeResponse.groups')
    obj['groups'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
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
                raise _truncated('ShareGroupDescribeResponse.groups[].error_message')
            x1['error_message'] = buf[pos:e3].decode()
            pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ShareGroupDescribeResponse.groups[].group_id")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ShareGroupDescribeResponse.groups[].group_id')
        x1['group_id'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ShareGroupDescribeResponse.groups[].group_state")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ShareGroupDescribeResponse.groups[].group_state')
        x1['group_state'] = buf[pos:e3].decode()
        pos = e3
        x1['group_epoch'], x1['assignment_epoch'] = _unpack_from_ii(buf, pos)
        pos += 8
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ShareGroupDescribeResponse.groups[].assignor_name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ShareGroupDescribeResponse.groups[].assignor_name')
        x1['assignor_name'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at ShareGroupDescribeResponse.groups[].members")
        n3 -= 1
        if n3 > end - pos:
            raise _too_many(n3, end - pos, 'ShareGroupDescribeResponse.groups[].members')
        x1['members'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at ShareGroupDescribeResponse.groups[].members[].member_id")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('ShareGroupDescribeResponse.groups[].members[].member_id')
            x3['member_id'] = buf[pos:e5].decode()
            pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                x3['rack_id'] = None
            else:
                n5 -= 1
                e5 = pos + n5
                if e5 > end:
                    raise _truncated('ShareGroupDescribeResponse.groups[].members[].rack_id')
                x3['rack_id'] = buf[pos:e5].decode()
                pos = e5
            x3['member_epoch'], = _unpack_from_i(buf, pos)
            pos += 4
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at ShareGroupDescribeResponse.groups[].members[].client_id")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('ShareGroupDescribeResponse.groups[].members[].client_id')
            x3['client_id'] = buf[pos:e5].decode()
            pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at ShareGroupDescribeResponse.groups[].members[].client_host")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('ShareGroupDescribeResponse.groups[].members[].client_host')
            x3['client_host'] = buf[pos:e5].decode()
            pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at ShareGroupDescribeResponse.groups[].members[].subscribed_topic_names")
            n5 -= 1
            if n5 > end - pos:
                raise _too_many(n5, end - pos, 'ShareGroupDescribeResponse.groups[].members[].subscribed_topic_names')
            x3['subscribed_topic_names'] = a5 = []
            for _ in range(n5):
                n6 = buf[pos]
                if n6 > 127:
                    n6, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n6:
                    raise _Err("null in non-nullable string at ShareGroupDescribeResponse.groups[].members[].subscribed_topic_names[]")
                n6 -= 1
                e6 = pos + n6
                if e6 > end:
                    raise _truncated('ShareGroupDescribeResponse.groups[].members[].subscribed_topic_names[]')
                x5 = buf[pos:e6].decode()
                pos = e6
                a5.append(x5)
            x3['assignment'] = o5 = Container()
            n6 = buf[pos]
            if n6 > 127:
                n6, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n6:
                raise _Err("null in non-nullable array at ShareGroupDescribeResponse.groups[].members[].assignment.topic_partitions")
            n6 -= 1
            if n6 > end - pos:
                raise _too_many(n6, end - pos, 'ShareGroupDescribeResponse.groups[].members[].assignment.topic_partitions')
            o5['topic_partitions'] = a6 = []
            for _ in range(n6):
                x6 = Container()
                x6['topic_id'], = _unpack_from_16s(buf, pos)
                pos += 16
                x6['topic_id'] = _uuid(x6['topic_id'])
                n8 = buf[pos]
                if n8 > 127:
                    n8, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n8:
                    raise _Err("null in non-nullable string at ShareGroupDescribeResponse.groups[].members[].assignment.topic_partitions[].topic_name")
                n8 -= 1
                e8 = pos + n8
                if e8 > end:
                    raise _truncated('ShareGroupDescribeResponse.groups[].members[].assignment.topic_partitions[].topic_name')
                x6['topic_name'] = buf[pos:e8].decode()
                pos = e8
                n8 = buf[pos]
                if n8 > 127:
                    n8, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n8:
                    raise _Err("null in non-nullable array at ShareGroupDescribeResponse.groups[].members[].assignment.topic_partitions[].partitions")
                n8 -= 1
                if n8 > end - pos:
                    raise _too_many(n8, end - pos, 'ShareGroupDescribeResponse.groups[].members[].assignment.topic_partitions[].partitions')
                x6['partitions'] = list(_unpack_from_i_arrays[n8](buf, pos) if n8 < 32 else _struct_unpack_from('>%di' % n8, buf, pos))
                pos += 4 * n8
                if buf[pos]:  # tagged fields
                    pos = _read_tags(buf, pos, x6, _NO_TAGS, 'ShareGroupDescribeResponse.groups[].members[].assignment.topic_partitions[]')
                else:
                    pos += 1
                a6.append(x6)
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, o5, _NO_TAGS, 'ShareGroupDescribeResponse.groups[].members[].assignment')
            else:
                pos += 1
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'ShareGroupDescribeResponse.groups[].members[]')
            else:
                pos += 1
            a3.append(x3)
        x1['authorized_operations'], = _unpack_from_i(buf, pos)
        pos += 4
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ShareGroupDescribeResponse.groups[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ShareGroupDescribeResponse')
    else:
        pos += 1
    return obj, pos


def _ShareGroupDescribeResponse_v1_encode(obj, w):
    # ShareGroupDescribeResponse v1: passes the bytes of obj, in pieces, to w
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
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_error_message = g2('error_message', None)
        v2_error_message_bytes = None if v2_error_message is None else v2_error_message.encode()
        w(_pack_h(v2_error_code))
        if v2_error_message_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_error_message_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_error_message_bytes)
        v2_group_id = g2('group_id')
        if v2_group_id is None:
            v2_group_id = ''
        v2_group_id_bytes = v2_group_id.encode()
        n2 = len(v2_group_id_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_group_id_bytes)
        v2_group_state = g2('group_state')
        if v2_group_state is None:
            v2_group_state = ''
        v2_group_state_bytes = v2_group_state.encode()
        n2 = len(v2_group_state_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_group_state_bytes)
        v2_group_epoch = g2('group_epoch')
        if v2_group_epoch is None:
            v2_group_epoch = 0
        v2_assignment_epoch = g2('assignment_epoch')
        if v2_assignment_epoch is None:
            v2_assignment_epoch = 0
        v2_assignor_name = g2('assignor_name')
        if v2_assignor_name is None:
            v2_assignor_name = ''
        v2_assignor_name_bytes = v2_assignor_name.encode()
        w(_pack_ii(v2_group_epoch, v2_assignment_epoch))
        n2 = len(v2_assignor_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_assignor_name_bytes)
        v2_members = g2('members')
        if v2_members is None:
            v2_members = []
        n2 = len(v2_members) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_members:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_member_id = g4('member_id')
            if v4_member_id is None:
                v4_member_id = ''
            v4_member_id_bytes = v4_member_id.encode()
            n4 = len(v4_member_id_bytes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_member_id_bytes)
            v4_rack_id = g4('rack_id', None)
            v4_rack_id_bytes = None if v4_rack_id is None else v4_rack_id.encode()
            if v4_rack_id_bytes is None:
                w(b'\x00')
            else:
                n4 = len(v4_rack_id_bytes) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_rack_id_bytes)
            v4_member_epoch = g4('member_epoch')
            if v4_member_epoch is None:
                v4_member_epoch = 0
            v4_client_id = g4('client_id')
            if v4_client_id is None:
                v4_client_id = ''
            v4_client_id_bytes = v4_client_id.encode()
            w(_pack_i(v4_member_epoch))
            n4 = len(v4_client_id_bytes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_client_id_bytes)
            v4_client_host = g4('client_host')
            if v4_client_host is None:
                v4_client_host = ''
            v4_client_host_bytes = v4_client_host.encode()
            n4 = len(v4_client_host_bytes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_client_host_bytes)
            v4_subscribed_topic_names = g4('subscribed_topic_names')
            if v4_subscribed_topic_names is None:
                v4_subscribed_topic_names = []
            n4 = len(v4_subscribed_topic_names) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            for x4 in v4_subscribed_topic_names:
                if x4 is None:
                    raise _null_build('string', 'ShareGroupDescribeResponse.groups[].members[].subscribed_topic_names[]')
                x4_bytes = x4.encode()
                n5 = len(x4_bytes) + 1
                w(_UV[n5] if n5 < 128 else _uv(n5))
                w(x4_bytes)
            v4_assignment = g4('assignment')
            if v4_assignment is None:
                v4_assignment = _D_ShareGroupDescribeResponse_v1_1
            g5 = v4_assignment.get if isinstance(v4_assignment, dict) else _getter(v4_assignment)
            v5_topic_partitions = g5('topic_partitions')
            if v5_topic_partitions is None:
                v5_topic_partitions = []
            n5 = len(v5_topic_partitions) + 1
            w(_UV[n5] if n5 < 128 else _uv(n5))
            for x5 in v5_topic_partitions:
                g7 = x5.get if isinstance(x5, dict) else _getter(x5)
                v7_topic_id = g7('topic_id')
                if v7_topic_id is None:
                    v7_topic_id = _D_ShareGroupDescribeResponse_v1_2
                w(v7_topic_id.bytes)
                v7_topic_name = g7('topic_name')
                if v7_topic_name is None:
                    v7_topic_name = ''
                v7_topic_name_bytes = v7_topic_name.encode()
                n7 = len(v7_topic_name_bytes) + 1
                w(_UV[n7] if n7 < 128 else _uv(n7))
                w(v7_topic_name_bytes)
                v7_partitions = g7('partitions')
                if v7_partitions is None:
                    v7_partitions = []
                n7 = len(v7_partitions) + 1
                w(_UV[n7] if n7 < 128 else _uv(n7))
                w(_pack_i_arrays[len(v7_partitions)](*v7_partitions) if len(v7_partitions) < 32 else _struct_pack('>%di' % len(v7_partitions), *v7_partitions))
                u7 = g7('_unknown_tags', None)
                if u7:
                    _write_tags(w, sorted(u7.items()))
                else:
                    w(b'\x00')  # no tagged fields
            u5 = g5('_unknown_tags', None)
            if u5:
                _write_tags(w, sorted(u5.items()))
            else:
                w(b'\x00')  # no tagged fields
            u4 = g4('_unknown_tags', None)
            if u4:
                _write_tags(w, sorted(u4.items()))
            else:
                w(b'\x00')  # no tagged fields
        v2_authorized_operations = g2('authorized_operations')
        if v2_authorized_operations is None:
            v2_authorized_operations = -2147483648
        w(_pack_i(v2_authorized_operations))
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


def _DeleteRecordsRequest_v0_decode(buf, pos):
    # DeleteRecordsRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at DeleteRecordsRequest.topics")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'DeleteRecordsRequest.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at DeleteRecordsRequest.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DeleteRecordsRequest.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at DeleteRecordsRequest.topics[].partitions")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'DeleteRecordsRequest.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['offset'] = _unpack_from_iq(buf, pos)
            pos += 12
            a1.append(x1)
        a0.append(x0)
    obj['timeout_ms'], = _unpack_from_i(buf, pos)
    pos += 4
    return obj, pos


def _DeleteRecordsRequest_v0_encode(obj, w):
    # DeleteRecordsRequest v0: passes the bytes of obj, in pieces, to w
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
            v4_offset = g4('offset')
            if v4_offset is None:
                v4_offset = 0
            w(_pack_iq(v4_partition_index, v4_offset))
    v0_timeout_ms = g0('timeout_ms')
    if v0_timeout_ms is None:
        v0_timeout_ms = 0
    w(_pack_i(v0_timeout_ms))


def _DeleteRecordsRequest_v2_decode(buf, pos):
    # DeleteRecordsRequest v2: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at DeleteRecordsRequest.topics")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'DeleteRecordsRequest.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at DeleteRecordsRequest.topics[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('DeleteRecordsRequest.topics[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at DeleteRecordsRequest.topics[].partitions")
        n3 -= 1
        if n3 > end - pos:
            raise _too_many(n3, end - pos, 'DeleteRecordsRequest.topics[].partitions')
        x1['partitions'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['partition_index'], x3['offset'] = _unpack_from_iq(buf, pos)
            pos += 12
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'DeleteRecordsRequest.topics[].partitions[]')
            else:
                pos += 1
            a3.append(x3)
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'DeleteRecordsRequest.topics[]')
        else:
            pos += 1
        a1.append(x1)
    obj['timeout_ms'], = _unpack_from_i(buf, pos)
    pos += 4
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DeleteRecordsRequest')
    else:
        pos += 1
    return obj, pos


def _DeleteRecordsRequest_v2_encode(obj, w):
    # DeleteRecordsRequest v2: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
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
            v4_offset = g4('offset')
            if v4_offset is None:
                v4_offset = 0
            w(_pack_iq(v4_partition_index, v4_offset))
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


def _DeleteRecordsResponse_v0_decode(buf, pos):
    # DeleteRecordsResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at DeleteRecordsResponse.topics")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'DeleteRecordsResponse.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at DeleteRecordsResponse.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DeleteRecordsResponse.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at DeleteRecordsResponse.topics[].partitions")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'DeleteRecordsResponse.topics[].partitions')
        x0['partitions'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['partition_index'], x1['low_watermark'], x1['error_code'] = _unpack_from_iqh(buf, pos)
            pos += 14
            a1.append(x1)
        a0.append(x0)
    return obj, pos


def _DeleteRecordsResponse_v0_encode(obj, w):
    # DeleteRecordsResponse v0: passes the bytes of obj, in pieces, to w
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
            v4_low_watermark = g4('low_watermark')
            if v4_low_watermark is None:
                v4_low_watermark = 0
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            w(_pack_iqh(v4_partition_index, v4_low_watermark, v4_error_code))


def _DeleteRecordsResponse_v2_decode(buf, pos):
    # DeleteRecordsResponse v2: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at DeleteRecordsResponse.topics")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'DeleteRecordsResponse.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at DeleteRecordsResponse.topics[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('DeleteRecordsResponse.topics[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at DeleteRecordsResponse.topics[].partitions")
        n3 -= 1
        if n3 > end - pos:
            raise _too_many(n3, end - pos, 'DeleteRecordsResponse.topics[].partitions')
        x1['partitions'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['partition_index'], x3['low_watermark'], x3['error_code'] = _unpack_from_iqh(buf, pos)
            pos += 14
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'DeleteRecordsResponse.topics[].partitions[]')
            else:
                pos += 1
            a3.append(x3)
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'DeleteRecordsResponse.topics[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DeleteRecordsResponse')
    else:
        pos += 1
    return obj, pos


def _DeleteRecordsResponse_v2_encode(obj, w):
    # DeleteRecordsResponse v2: passes the bytes of obj, in pieces, to w
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
            v4_low_watermark = g4('low_watermark')
            if v4_low_watermark is None:
                v4_low_watermark = 0
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            w(_pack_iqh(v4_partition_index, v4_low_watermark, v4_error_code))
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


def _DescribeConfigsRequest_v0_decode(buf, pos):
    # DescribeConfigsRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at DescribeConfigsRequest.resources")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'DescribeConfigsRequest.resources')
    obj['resources'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['resource_type'], n1 = _unpack_from_bh(buf, pos)
        pos += 3
        if n1 < 0:
            raise _Err("null in non-nullable string at DescribeConfigsRequest.resources[].resource_name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DescribeConfigsRequest.resources[].resource_name')
        x0['resource_name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            x0['configuration_keys'] = None
        else:
            if n1 > end - pos:
                raise _too_many(n1, end - pos, 'DescribeConfigsRequest.resources[].configuration_keys')
            x0['configuration_keys'] = a1 = []
            for _ in range(n1):
                n2, = _unpack_from_h(buf, pos)
                pos += 2
                if n2 < 0:
                    raise _Err("null in non-nullable string at DescribeConfigsRequest.resources[].configuration_keys[]")
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('DescribeConfigsRequest.resources[].configuration_keys[]')
                x1 = buf[pos:e2].decode()
                pos = e2
                a1.append(x1)
        a0.append(x0)
    obj['include_synonyms'] = False
    obj['include_documentation'] = False
    return obj, pos


def _DescribeConfigsRequest_v0_encode(obj, w):
    # DescribeConfigsRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_resources = g0('resources')
    if v0_resources is None:
        v0_resources = []
    w(_pack_i(len(v0_resources)))
    for x0 in v0_resources:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_resource_type = g2('resource_type')
        if v2_resource_type is None:
            v2_resource_type = 0
        v2_resource_name = g2('resource_name')
        if v2_resource_name is None:
            v2_resource_name = ''
        v2_resource_name_bytes = v2_resource_name.encode()
        w(_pack_bh(v2_resource_type, len(v2_resource_name_bytes)))
        w(v2_resource_name_bytes)
        v2_configuration_keys = g2('configuration_keys', None)
        w(_pack_i(-1 if v2_configuration_keys is None else len(v2_configuration_keys)))
        if v2_configuration_keys is not None:
            for x2 in v2_configuration_keys:
                if x2 is None:
                    raise _null_build('string', 'DescribeConfigsRequest.resources[].configuration_keys[]')
                x2_bytes = x2.encode()
                w(_pack_h(len(x2_bytes)))
                w(x2_bytes)


def _DescribeConfigsRequest_v1_decode(buf, pos):
    # DescribeConfigsRequest v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at DescribeConfigsRequest.resources")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'DescribeConfigsRequest.resources')
    obj['resources'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['resource_type'], n1 = _unpack_from_bh(buf, pos)
        pos += 3
        if n1 < 0:
            raise _Err("null in non-nullable string at DescribeConfigsRequest.resources[].resource_name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DescribeConfigsRequest.resources[].resource_name')
        x0['resource_name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            x0['configuration_keys'] = None
        else:
            if n1 > end - pos:
                raise _too_many(n1, end - pos, 'DescribeConfigsRequest.resources[].configuration_keys')
            x0['configuration_keys'] = a1 = []
            for _ in range(n1):
                n2, = _unpack_from_h(buf, pos)
                pos += 2
                if n2 < 0:
                    raise _Err("null in non-nullable string at DescribeConfigsRequest.resources[].configuration_keys[]")
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('DescribeConfigsRequest.resources[].configuration_keys[]')
                x1 = buf[pos:e2].decode()
                pos = e2
                a1.append(x1)
        a0.append(x0)
    obj['include_synonyms'], = _unpack_from_o(buf, pos)
    pos += 1
    obj['include_documentation'] = False
    return obj, pos


def _DescribeConfigsRequest_v1_encode(obj, w):
    # DescribeConfigsRequest v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_resources = g0('resources')
    if v0_resources is None:
        v0_resources = []
    w(_pack_i(len(v0_resources)))
    for x0 in v0_resources:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_resource_type = g2('resource_type')
        if v2_resource_type is None:
            v2_resource_type = 0
        v2_resource_name = g2('resource_name')
        if v2_resource_name is None:
            v2_resource_name = ''
        v2_resource_name_bytes = v2_resource_name.encode()
        w(_pack_bh(v2_resource_type, len(v2_resource_name_bytes)))
        w(v2_resource_name_bytes)
        v2_configuration_keys = g2('configuration_keys', None)
        w(_pack_i(-1 if v2_configuration_keys is None else len(v2_configuration_keys)))
        if v2_configuration_keys is not None:
            for x2 in v2_configuration_keys:
                if x2 is None:
                    raise _null_build('string', 'DescribeConfigsRequest.resources[].configuration_keys[]')
                x2_bytes = x2.encode()
                w(_pack_h(len(x2_bytes)))
                w(x2_bytes)
    v0_include_synonyms = g0('include_synonyms')
    if v0_include_synonyms is None:
        v0_include_synonyms = False
    w(_pack_o(v0_include_synonyms))


def _DescribeConfigsRequest_v3_decode(buf, pos):
    # DescribeConfigsRequest v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at DescribeConfigsRequest.resources")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'DescribeConfigsRequest.resources')
    obj['resources'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['resource_type'], n1 = _unpack_from_bh(buf, pos)
        pos += 3
        if n1 < 0:
            raise _Err("null in non-nullable string at DescribeConfigsRequest.resources[].resource_name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DescribeConfigsRequest.resources[].resource_name')
        x0['resource_name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            x0['configuration_keys'] = None
        else:
            if n1 > end - pos:
                raise _too_many(n1, end - pos, 'DescribeConfigsRequest.resources[].configuration_keys')
            x0['configuration_keys'] = a1 = []
            for _ in range(n1):
                n2, = _unpack_from_h(buf, pos)
                pos += 2
                if n2 < 0:
                    raise _Err("null in non-nullable string at DescribeConfigsRequest.resources[].configuration_keys[]")
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('DescribeConfigsRequest.resources[].configuration_keys[]')
                x1 = buf[pos:e2].decode()
                pos = e2
                a1.append(x1)
        a0.append(x0)
    obj['include_synonyms'], obj['include_documentation'] = _unpack_from_oo(buf, pos)
    pos += 2
    return obj, pos


def _DescribeConfigsRequest_v3_encode(obj, w):
    # DescribeConfigsRequest v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_resources = g0('resources')
    if v0_resources is None:
        v0_resources = []
    w(_pack_i(len(v0_resources)))
    for x0 in v0_resources:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_resource_type = g2('resource_type')
        if v2_resource_type is None:
            v2_resource_type = 0
        v2_resource_name = g2('resource_name')
        if v2_resource_name is None:
            v2_resource_name = ''
        v2_resource_name_bytes = v2_resource_name.encode()
        w(_pack_bh(v2_resource_type, len(v2_resource_name_bytes)))
        w(v2_resource_name_bytes)
        v2_configuration_keys = g2('configuration_keys', None)
        w(_pack_i(-1 if v2_configuration_keys is None else len(v2_configuration_keys)))
        if v2_configuration_keys is not None:
            for x2 in v2_configuration_keys:
                if x2 is None:
                    raise _null_build('string', 'DescribeConfigsRequest.resources[].configuration_keys[]')
                x2_bytes = x2.encode()
                w(_pack_h(len(x2_bytes)))
                w(x2_bytes)
    v0_include_synonyms = g0('include_synonyms')
    if v0_include_synonyms is None:
        v0_include_synonyms = False
    v0_include_documentation = g0('include_documentation')
    if v0_include_documentation is None:
        v0_include_documentation = False
    w(_pack_oo(v0_include_synonyms, v0_include_documentation))


def _DescribeConfigsRequest_v4_decode(buf, pos):
    # DescribeConfigsRequest v4: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at DescribeConfigsRequest.resources")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'DescribeConfigsRequest.resources')
    obj['resources'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['resource_type'], = _unpack_from_b(buf, pos)
        pos += 1
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at DescribeConfigsRequest.resources[].resource_name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('DescribeConfigsRequest.resources[].resource_name')
        x1['resource_name'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            x1['configuration_keys'] = None
        else:
            n3 -= 1
            if n3 > end - pos:
                raise _too_many(n3, end - pos, 'DescribeConfigsRequest.resources[].configuration_keys')
            x1['configuration_keys'] = a3 = []
            for _ in range(n3):
                n4 = buf[pos]
                if n4 > 127:
                    n4, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n4:
                    raise _Err("null in non-nullable string at DescribeConfigsRequest.resources[].configuration_keys[]")
                n4 -= 1
                e4 = pos + n4
                if e4 > end:
                    raise _truncated('DescribeConfigsRequest.resources[].configuration_keys[]')
                x3 = buf[pos:e4].decode()
                pos = e4
                a3.append(x3)
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'DescribeConfigsRequest.resources[]')
        else:
            pos += 1
        a1.append(x1)
    obj['include_synonyms'], obj['include_documentation'] = _unpack_from_oo(buf, pos)
    pos += 2
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DescribeConfigsRequest')
    else:
        pos += 1
    return obj, pos


def _DescribeConfigsRequest_v4_encode(obj, w):
    # DescribeConfigsRequest v4: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_resources = g0('resources')
    if v0_resources is None:
        v0_resources = []
    n0 = len(v0_resources) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_resources:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_resource_type = g2('resource_type')
        if v2_resource_type is None:
            v2_resource_type = 0
        v2_resource_name = g2('resource_name')
        if v2_resource_name is None:
            v2_resource_name = ''
        v2_resource_name_bytes = v2_resource_name.encode()
        w(_pack_b(v2_resource_type))
        n2 = len(v2_resource_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_resource_name_bytes)
        v2_configuration_keys = g2('configuration_keys', None)
        if v2_configuration_keys is None:
            w(b'\x00')
        else:
            n2 = len(v2_configuration_keys) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            for x2 in v2_configuration_keys:
                if x2 is None:
                    raise _null_build('string', 'DescribeConfigsRequest.resources[].configuration_keys[]')
                x2_bytes = x2.encode()
                n3 = len(x2_bytes) + 1
                w(_UV[n3] if n3 < 128 else _uv(n3))
                w(x2_bytes)
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_include_synonyms = g0('include_synonyms')
    if v0_include_synonyms is None:
        v0_include_synonyms = False
    v0_include_documentation = g0('include_documentation')
    if v0_include_documentation is None:
        v0_include_documentation = False
    w(_pack_oo(v0_include_synonyms, v0_include_documentation))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _DescribeConfigsResponse_v0_decode(buf, pos):
    # DescribeConfigsResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at DescribeConfigsResponse.results")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'DescribeConfigsResponse.results')
    obj['results'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['error_code'], n1 = _unpack_from_hh(buf, pos)
        pos += 4
        if n1 < 0:
            x0['error_message'] = None
        else:
            e1 = pos + n1
            if e1 > end:
                raise _truncated('DescribeConfigsResponse.results[].error_message')
            x0['error_message'] = buf[pos:e1].decode()
            pos = e1
        x0['resource_type'], n1 = _unpack_from_bh(buf, pos)
        pos += 3
        if n1 < 0:
            raise _Err("null in non-nullable string at DescribeConfigsResponse.results[].resource_name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DescribeConfigsResponse.results[].resource_name')
        x0['resource_name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at DescribeConfigsResponse.results[].configs")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'DescribeConfigsResponse.results[].configs')
        x0['configs'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                raise _Err("null in non-nullable string at DescribeConfigsResponse.results[].configs[].name")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DescribeConfigsResponse.results[].configs[].name')
            x1['name'] = buf[pos:e2].decode()
            pos = e2
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                x1['value'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('DescribeConfigsResponse.results[].configs[].value')
                x1['value'] = buf[pos:e2].decode()
                pos = e2
            x1['read_only'], x1['is_default'], x1['is_sensitive'] = _unpack_from_ooo(buf, pos)
            pos += 3
            x1['config_source'] = -1
            x1['synonyms'] = []
            x1['config_type'] = 0
            x1['documentation'] = None
            a1.append(x1)
        a0.append(x0)
    return obj, pos


def _DescribeConfigsResponse_v0_encode(obj, w):
    # DescribeConfigsResponse v0: passes the bytes of obj, in pieces, to w
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
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_error_message = g2('error_message', None)
        v2_error_message_bytes = None if v2_error_message is None else v2_error_message.encode()
        w(_pack_hh(v2_error_code, -1 if v2_error_message_bytes is None else len(v2_error_message_bytes)))
        if v2_error_message_bytes is not None:
            w(v2_error_message_bytes)
        v2_resource_type = g2('resource_type')
        if v2_resource_type is None:
            v2_resource_type = 0
        v2_resource_name = g2('resource_name')
        if v2_resource_name is None:
            v2_resource_name = ''
        v2_resource_name_bytes = v2_resource_name.encode()
        w(_pack_bh(v2_resource_type, len(v2_resource_name_bytes)))
        w(v2_resource_name_bytes)
        v2_configs = g2('configs')
        if v2_configs is None:
            v2_configs = []
        w(_pack_i(len(v2_configs)))
        for x2 in v2_configs:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_name = g4('name')
            if v4_name is None:
                v4_name = ''
            v4_name_bytes = v4_name.encode()
            w(_pack_h(len(v4_name_bytes)))
            w(v4_name_bytes)
            v4_value = g4('value', '')
            v4_value_bytes = None if v4_value is None else v4_value.encode()
            w(_pack_h(-1 if v4_value_bytes is None else len(v4_value_bytes)))
            if v4_value_bytes is not None:
                w(v4_value_bytes)
            v4_read_only = g4('read_only')
            if v4_read_only is None:
                v4_read_only = False
            v4_is_default = g4('is_default')
            if v4_is_default is None:
                v4_is_default = False
            v4_is_sensitive = g4('is_sensitive')
            if v4_is_sensitive is None:
                v4_is_sensitive = False
            w(_pack_ooo(v4_read_only, v4_is_default, v4_is_sensitive))


def _DescribeConfigsResponse_v1_decode(buf, pos):
    # DescribeConfigsResponse v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at DescribeConfigsResponse.results")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'DescribeConfigsResponse.results')
    obj['results'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['error_code'], n1 = _unpack_from_hh(buf, pos)
        pos += 4
        if n1 < 0:
            x0['error_message'] = None
        else:
            e1 = pos + n1
            if e1 > end:
                raise _truncated('DescribeConfigsResponse.results[].error_message')
            x0['error_message'] = buf[pos:e1].decode()
            pos = e1
        x0['resource_type'], n1 = _unpack_from_bh(buf, pos)
        pos += 3
        if n1 < 0:
            raise _Err("null in non-nullable string at DescribeConfigsResponse.results[].resource_name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DescribeConfigsResponse.results[].resource_name')
        x0['resource_name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at DescribeConfigsResponse.results[].configs")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'DescribeConfigsResponse.results[].configs')
        x0['configs'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                raise _Err("null in non-nullable string at DescribeConfigsResponse.results[].configs[].name")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DescribeConfigsResponse.results[].configs[].name')
            x1['name'] = buf[pos:e2].decode()
            pos = e2
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                x1['value'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('DescribeConfigsResponse.results[].configs[].value')
                x1['value'] = buf[pos:e2].decode()
                pos = e2
            x1['read_only'], x1['config_source'], x1['is_sensitive'], n2 = _unpack_from_oboi(buf, pos)
            pos += 7
            if n2 < 0:
                raise _Err("null in non-nullable array at DescribeConfigsResponse.results[].configs[].synonyms")
            if n2 > end - pos:
                raise _too_many(n2, end - pos, 'DescribeConfigsResponse.results[].configs[].synonyms')
            x1['synonyms'] = a2 = []
            for _ in range(n2):
                x2 = Container()
                n3, = _unpack_from_h(buf, pos)
                pos += 2
                if n3 < 0:
                    raise _Err("null in non-nullable string at DescribeConfigsResponse.results[].configs[].synonyms[].name")
                e3 = pos + n3
                if e3 > end:
                    raise _truncated('DescribeConfigsResponse.results[].configs[].synonyms[].name')
                x2['name'] = buf[pos:e3].decode()
                pos = e3
                n3, = _unpack_from_h(buf, pos)
                pos += 2
                if n3 < 0:
                    x2['value'] = None
                else:
                    e3 = pos + n3
                    if e3 > end:
                        raise _truncated('DescribeConfigsResponse.results[].configs[].synonyms[].value')
                    x2['value'] = buf[pos:e3].decode()
                    pos = e3
                x2['source'], = _unpack_from_b(buf, pos)
                pos += 1
                a2.append(x2)
            x1['is_default'] = False
            x1['config_type'] = 0
            x1['documentation'] = None
            a1.append(x1)
        a0.append(x0)
    return obj, pos


def _DescribeConfigsResponse_v1_encode(obj, w):
    # DescribeConfigsResponse v1: passes the bytes of obj, in pieces, to w
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
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_error_message = g2('error_message', None)
        v2_error_message_bytes = None if v2_error_message is None else v2_error_message.encode()
        w(_pack_hh(v2_error_code, -1 if v2_error_message_bytes is None else len(v2_error_message_bytes)))
        if v2_error_message_bytes is not None:
            w(v2_error_message_bytes)
        v2_resource_type = g2('resource_type')
        if v2_resource_type is None:
            v2_resource_type = 0
        v2_resource_name = g2('resource_name')
        if v2_resource_name is None:
            v2_resource_name = ''
        v2_resource_name_bytes = v2_resource_name.encode()
        w(_pack_bh(v2_resource_type, len(v2_resource_name_bytes)))
        w(v2_resource_name_bytes)
        v2_configs = g2('configs')
        if v2_configs is None:
            v2_configs = []
        w(_pack_i(len(v2_configs)))
        for x2 in v2_configs:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_name = g4('name')
            if v4_name is None:
                v4_name = ''
            v4_name_bytes = v4_name.encode()
            w(_pack_h(len(v4_name_bytes)))
            w(v4_name_bytes)
            v4_value = g4('value', '')
            v4_value_bytes = None if v4_value is None else v4_value.encode()
            w(_pack_h(-1 if v4_value_bytes is None else len(v4_value_bytes)))
            if v4_value_bytes is not None:
                w(v4_value_bytes)
            v4_read_only = g4('read_only')
            if v4_read_only is None:
                v4_read_only = False
            v4_config_source = g4('config_source')
            if v4_config_source is None:
                v4_config_source = -1
            v4_is_sensitive = g4('is_sensitive')
            if v4_is_sensitive is None:
                v4_is_sensitive = False
            v4_synonyms = g4('synonyms')
            if v4_synonyms is None:
                v4_synonyms = []
            w(_pack_oboi(v4_read_only, v4_config_source, v4_is_sensitive, len(v4_synonyms)))
            for x4 in v4_synonyms:
                g6 = x4.get if isinstance(x4, dict) else _getter(x4)
                v6_name = g6('name')
                if v6_name is None:
                    v6_name = ''
                v6_name_bytes = v6_name.encode()
                w(_pack_h(len(v6_name_bytes)))
                w(v6_name_bytes)
                v6_value = g6('value', '')
                v6_value_bytes = None if v6_value is None else v6_value.encode()
                w(_pack_h(-1 if v6_value_bytes is None else len(v6_value_bytes)))
                if v6_value_bytes is not None:
                    w(v6_value_bytes)
                v6_source = g6('source')
                if v6_source is None:
                    v6_source = 0
                w(_pack_b(v6_source))


def _DescribeConfigsResponse_v3_decode(buf, pos):
    # DescribeConfigsResponse v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at DescribeConfigsResponse.results")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'DescribeConfigsResponse.results')
    obj['results'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['error_code'], n1 = _unpack_from_hh(buf, pos)
        pos += 4
        if n1 < 0:
            x0['error_message'] = None
        else:
            e1 = pos + n1
            if e1 > end:
                raise _truncated('DescribeConfigsResponse.results[].error_message')
            x0['error_message'] = buf[pos:e1].decode()
            pos = e1
        x0['resource_type'], n1 = _unpack_from_bh(buf, pos)
        pos += 3
        if n1 < 0:
            raise _Err("null in non-nullable string at DescribeConfigsResponse.results[].resource_name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DescribeConfigsResponse.results[].resource_name')
        x0['resource_name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at DescribeConfigsResponse.results[].configs")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'DescribeConfigsResponse.results[].configs')
        x0['configs'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                raise _Err("null in non-nullable string at DescribeConfigsResponse.results[].configs[].name")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DescribeConfigsResponse.results[].configs[].name')
            x1['name'] = buf[pos:e2].decode()
            pos = e2
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                x1['value'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('DescribeConfigsResponse.results[].configs[].value')
                x1['value'] = buf[pos:e2].decode()
                pos = e2
            x1['read_only'], x1['config_source'], x1['is_sensitive'], n2 = _unpack_from_oboi(buf, pos)
            pos += 7
            if n2 < 0:
                raise _Err("null in non-nullable array at DescribeConfigsResponse.results[].configs[].synonyms")
            if n2 > end - pos:
                raise _too_many(n2, end - pos, 'DescribeConfigsResponse.results[].configs[].synonyms')
            x1['synonyms'] = a2 = []
            for _ in range(n2):
                x2 = Container()
                n3, = _unpack_from_h(buf, pos)
                pos += 2
                if n3 < 0:
                    raise _Err("null in non-nullable string at DescribeConfigsResponse.results[].configs[].synonyms[].name")
                e3 = pos + n3
                if e3 > end:
                    raise _truncated('DescribeConfigsResponse.results[].configs[].synonyms[].name')
                x2['name'] = buf[pos:e3].decode()
                pos = e3
                n3, = _unpack_from_h(buf, pos)
                pos += 2
                if n3 < 0:
                    x2['value'] = None
                else:
                    e3 = pos + n3
                    if e3 > end:
                        raise _truncated('DescribeConfigsResponse.results[].configs[].synonyms[].value')
                    x2['value'] = buf[pos:e3].decode()
                    pos = e3
                x2['source'], = _unpack_from_b(buf, pos)
                pos += 1
                a2.append(x2)
            x1['config_type'], n2 = _unpack_from_bh(buf, pos)
            pos += 3
            if n2 < 0:
                x1['documentation'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('DescribeConfigsResponse.results[].configs[].documentation')
                x1['documentation'] = buf[pos:e2].decode()
                pos = e2
            x1['is_default'] = False
            a1.append(x1)
        a0.append(x0)
    return obj, pos


def _DescribeConfigsResponse_v3_encode(obj, w):
    # DescribeConfigsResponse v3: passes the bytes of obj, in pieces, to w
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
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_error_message = g2('error_message', None)
        v2_error_message_bytes = None if v2_error_message is None else v2_error_message.encode()
        w(_pack_hh(v2_error_code, -1 if v2_error_message_bytes is None else len(v2_error_message_bytes)))
        if v2_error_message_bytes is not None:
            w(v2_error_message_bytes)
        v2_resource_type = g2('resource_type')
        if v2_resource_type is None:
            v2_resource_type = 0
        v2_resource_name = g2('resource_name')
        if v2_resource_name is None:
            v2_resource_name = ''
        v2_resource_name_bytes = v2_resource_name.encode()
        w(_pack_bh(v2_resource_type, len(v2_resource_name_bytes)))
        w(v2_resource_name_bytes)
        v2_configs = g2('configs')
        if v2_configs is None:
            v2_configs = []
        w(_pack_i(len(v2_configs)))
        for x2 in v2_configs:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_name = g4('name')
            if v4_name is None:
                v4_name = ''
            v4_name_bytes = v4_name.encode()
            w(_pack_h(len(v4_name_bytes)))
            w(v4_name_bytes)
            v4_value = g4('value', '')
            v4_value_bytes = None if v4_value is None else v4_value.encode()
            w(_pack_h(-1 if v4_value_bytes is None else len(v4_value_bytes)))
            if v4_value_bytes is not None:
                w(v4_value_bytes)
            v4_read_only = g4('read_only')
            if v4_read_only is None:
                v4_read_only = False
            v4_config_source = g4('config_source')
            if v4_config_source is None:
                v4_config_source = -1
            v4_is_sensitive = g4('is_sensitive')
            if v4_is_sensitive is None:
                v4_is_sensitive = False
            v4_synonyms = g4('synonyms')
            if v4_synonyms is None:
                v4_synonyms = []
            w(_pack_oboi(v4_read_only, v4_config_source, v4_is_sensitive, len(v4_synonyms)))
            for x4 in v4_synonyms:
                g6 = x4.get if isinstance(x4, dict) else _getter(x4)
                v6_name = g6('name')
                if v6_name is None:
                    v6_name = ''
                v6_name_bytes = v6_name.encode()
                w(_pack_h(len(v6_name_bytes)))
                w(v6_name_bytes)
                v6_value = g6('value', '')
                v6_value_bytes = None if v6_value is None else v6_value.encode()
                w(_pack_h(-1 if v6_value_bytes is None else len(v6_value_bytes)))
                if v6_value_bytes is not None:
                    w(v6_value_bytes)
                v6_source = g6('source')
                if v6_source is None:
                    v6_source = 0
                w(_pack_b(v6_source))
            v4_config_type = g4('config_type')
            if v4_config_type is None:
                v4_config_type = 0
            v4_documentation = g4('documentation', None)
            v4_documentation_bytes = None if v4_documentation is None else v4_documentation.encode()
            w(_pack_bh(v4_config_type, -1 if v4_documentation_bytes is None else len(v4_documentation_bytes)))
            if v4_documentation_bytes is not None:
                w(v4_documentation_bytes)


def _DescribeConfigsResponse_v4_decode(buf, pos):
    # DescribeConfigsResponse v4: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at DescribeConfigsResponse.results")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'DescribeConfigsResponse.results')
    obj['results'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
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
                raise _truncated('DescribeConfigsResponse.results[].error_message')
            x1['error_message'] = buf[pos:e3].decode()
            pos = e3
        x1['resource_type'], = _unpack_from_b(buf, pos)
        pos += 1
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at DescribeConfigsResponse.results[].resource_name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('DescribeConfigsResponse.results[].resource_name')
        x1['resource_name'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at DescribeConfigsResponse.results[].configs")
        n3 -= 1
        if n3 > end - pos:
            raise _too_many(n3, end - pos, 'DescribeConfigsResponse.results[].configs')
        x1['configs'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at DescribeConfigsResponse.results[].configs[].name")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('DescribeConfigsResponse.results[].configs[].name')
            x3['name'] = buf[pos:e5].decode()
            pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                x3['value'] = None
            else:
                n5 -= 1
                e5 = pos + n5
                if e5 > end:
                    raise _truncated('DescribeConfigsResponse.results[].configs[].value')
                x3['value'] = buf[pos:e5].decode()
                pos = e5
            x3['read_only'], x3['config_source'], x3['is_sensitive'] = _unpack_from_obo(buf, pos)
            pos += 3
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at DescribeConfigsResponse.results[].configs[].synonyms")
            n5 -= 1
            if n5 > end - pos:
                raise _too_many(n5, end - pos, 'DescribeConfigsResponse.results[].configs[].synonyms')
            x3['synonyms'] = a5 = []
            for _ in range(n5):
                x5 = Container()
                n7 = buf[pos]
                if n7 > 127:
                    n7, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n7:
                    raise _Err("null in non-nullable string at DescribeConfigsResponse.results[].configs[].synonyms[].name")
                n7 -= 1
                e7 = pos + n7
                if e7 > end:
                    raise _truncated('DescribeConfigsResponse.results[].configs[].synonyms[].name')
                x5['name'] = buf[pos:e7].decode()
                pos = e7
                n7 = buf[pos]
                if n7 > 127:
                    n7, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n7:
                    x5['value'] = None
                else:
                    n7 -= 1
                    e7 = pos + n7
                    if e7 > end:
                        raise _truncated('DescribeConfigsResponse.results[].configs[].synonyms[].value')
                    x5['value'] = buf[pos:e7].decode()
                    pos = e7
                x5['source'], = _unpack_from_b(buf, pos)
                pos += 1
                if buf[pos]:  # tagged fields
                    pos = _read_tags(buf, pos, x5, _NO_TAGS, 'DescribeConfigsResponse.results[].configs[].synonyms[]')
                else:
                    pos += 1
                a5.append(x5)
            x3['config_type'], = _unpack_from_b(buf, pos)
            pos += 1
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                x3['documentation'] = None
            else:
                n5 -= 1
                e5 = pos + n5
                if e5 > end:
                    raise _truncated('DescribeConfigsResponse.results[].configs[].documentation')
                x3['documentation'] = buf[pos:e5].decode()
                pos = e5
            x3['is_default'] = False
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'DescribeConfigsResponse.results[].configs[]')
            else:
                pos += 1
            a3.append(x3)
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'DescribeConfigsResponse.results[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DescribeConfigsResponse')
    else:
        pos += 1
    return obj, pos


def _DescribeConfigsResponse_v4_encode(obj, w):
    # DescribeConfigsResponse v4: passes the bytes of obj, in pieces, to w
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
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_error_message = g2('error_message', None)
        v2_error_message_bytes = None if v2_error_message is None else v2_error_message.encode()
        w(_pack_h(v2_error_code))
        if v2_error_message_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_error_message_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_error_message_bytes)
        v2_resource_type = g2('resource_type')
        if v2_resource_type is None:
            v2_resource_type = 0
        v2_resource_name = g2('resource_name')
        if v2_resource_name is None:
            v2_resource_name = ''
        v2_resource_name_bytes = v2_resource_name.encode()
        w(_pack_b(v2_resource_type))
        n2 = len(v2_resource_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_resource_name_bytes)
        v2_configs = g2('configs')
        if v2_configs is None:
            v2_configs = []
        n2 = len(v2_configs) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_configs:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_name = g4('name')
            if v4_name is None:
                v4_name = ''
            v4_name_bytes = v4_name.encode()
            n4 = len(v4_name_bytes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_name_bytes)
            v4_value = g4('value', '')
            v4_value_bytes = None if v4_value is None else v4_value.encode()
            if v4_value_bytes is None:
                w(b'\x00')
            else:
                n4 = len(v4_value_bytes) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_value_bytes)
            v4_read_only = g4('read_only')
            if v4_read_only is None:
                v4_read_only = False
            v4_config_source = g4('config_source')
            if v4_config_source is None:
                v4_config_source = -1
            v4_is_sensitive = g4('is_sensitive')
            if v4_is_sensitive is None:
                v4_is_sensitive = False
            v4_synonyms = g4('synonyms')
            if v4_synonyms is None:
                v4_synonyms = []
            w(_pack_obo(v4_read_only, v4_config_source, v4_is_sensitive))
            n4 = len(v4_synonyms) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            for x4 in v4_synonyms:
                g6 = x4.get if isinstance(x4, dict) else _getter(x4)
                v6_name = g6('name')
                if v6_name is None:
                    v6_name = ''
                v6_name_bytes = v6_name.encode()
                n6 = len(v6_name_bytes) + 1
                w(_UV[n6] if n6 < 128 else _uv(n6))
                w(v6_name_bytes)
                v6_value = g6('value', '')
                v6_value_bytes = None if v6_value is None else v6_value.encode()
                if v6_value_bytes is None:
                    w(b'\x00')
                else:
                    n6 = len(v6_value_bytes) + 1
                    w(_UV[n6] if n6 < 128 else _uv(n6))
                    w(v6_value_bytes)
                v6_source = g6('source')
                if v6_source is None:
                    v6_source = 0
                w(_pack_b(v6_source))
                u6 = g6('_unknown_tags', None)
                if u6:
                    _write_tags(w, sorted(u6.items()))
                else:
                    w(b'\x00')  # no tagged fields
            v4_config_type = g4('config_type')
            if v4_config_type is None:
                v4_config_type = 0
            v4_documentation = g4('documentation', None)
            v4_documentation_bytes = None if v4_documentation is None else v4_documentation.encode()
            w(_pack_b(v4_config_type))
            if v4_documentation_bytes is None:
                w(b'\x00')
            else:
                n4 = len(v4_documentation_bytes) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_documentation_bytes)
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


def _AlterConfigsRequest_v0_decode(buf, pos):
    # AlterConfigsRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at AlterConfigsRequest.resources")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'AlterConfigsRequest.resources')
    obj['resources'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['resource_type'], n1 = _unpack_from_bh(buf, pos)
        pos += 3
        if n1 < 0:
            raise _Err("null in non-nullable string at AlterConfigsRequest.resources[].resource_name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('AlterConfigsRequest.resources[].resource_name')
        x0['resource_name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at AlterConfigsRequest.resources[].configs")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'AlterConfigsRequest.resources[].configs')
        x0['configs'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                raise _Err("null in non-nullable string at AlterConfigsRequest.resources[].configs[].name")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('AlterConfigsRequest.resources[].configs[].name')
            x1['name'] = buf[pos:e2].decode()
            pos = e2
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                x1['value'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('AlterConfigsRequest.resources[].configs[].value')
                x1['value'] = buf[pos:e2].decode()
                pos = e2
            a1.append(x1)
        a0.append(x0)
    obj['validate_only'], = _unpack_from_o(buf, pos)
    pos += 1
    return obj, pos


def _AlterConfigsRequest_v0_encode(obj, w):
    # AlterConfigsRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_resources = g0('resources')
    if v0_resources is None:
        v0_resources = []
    w(_pack_i(len(v0_resources)))
    for x0 in v0_resources:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_resource_type = g2('resource_type')
        if v2_resource_type is None:
            v2_resource_type = 0
        v2_resource_name = g2('resource_name')
        if v2_resource_name is None:
            v2_resource_name = ''
        v2_resource_name_bytes = v2_resource_name.encode()
        w(_pack_bh(v2_resource_type, len(v2_resource_name_bytes)))
        w(v2_resource_name_bytes)
        v2_configs = g2('configs')
        if v2_configs is None:
            v2_configs = []
        w(_pack_i(len(v2_configs)))
        for x2 in v2_configs:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_name = g4('name')
            if v4_name is None:
                v4_name = ''
            v4_name_bytes = v4_name.encode()
            w(_pack_h(len(v4_name_bytes)))
            w(v4_name_bytes)
            v4_value = g4('value', '')
            v4_value_bytes = None if v4_value is None else v4_value.encode()
            w(_pack_h(-1 if v4_value_bytes is None else len(v4_value_bytes)))
            if v4_value_bytes is not None:
                w(v4_value_bytes)
    v0_validate_only = g0('validate_only')
    if v0_validate_only is None:
        v0_validate_only = False
    w(_pack_o(v0_validate_only))


def _AlterConfigsRequest_v2_decode(buf, pos):
    # AlterConfigsRequest v2: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at AlterConfigsRequest.resources")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'AlterConfigsRequest.resources')
    obj['resources'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['resource_type'], = _unpack_from_b(buf, pos)
        pos += 1
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at AlterConfigsRequest.resources[].resource_name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('AlterConfigsRequest.resources[].resource_name')
        x1['resource_name'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at AlterConfigsRequest.resources[].configs")
        n3 -= 1
        if n3 > end - pos:
            raise _too_many(n3, end - pos, 'AlterConfigsRequest.resources[].configs')
        x1['configs'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at AlterConfigsRequest.resources[].configs[].name")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('AlterConfigsRequest.resources[].configs[].name')
            x3['name'] = buf[pos:e5].decode()
            pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                x3['value'] = None
            else:
                n5 -= 1
                e5 = pos + n5
                if e5 > end:
                    raise _truncated('AlterConfigsRequest.resources[].configs[].value')
                x3['value'] = buf[pos:e5].decode()
                pos = e5
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'AlterConfigsRequest.resources[].configs[]')
            else:
                pos += 1
            a3.append(x3)
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'AlterConfigsRequest.resources[]')
        else:
            pos += 1
        a1.append(x1)
    obj['validate_only'], = _unpack_from_o(buf, pos)
    pos += 1
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'AlterConfigsRequest')
    else:
        pos += 1
    return obj, pos


def _AlterConfigsRequest_v2_encode(obj, w):
    # AlterConfigsRequest v2: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_resources = g0('resources')
    if v0_resources is None:
        v0_resources = []
    n0 = len(v0_resources) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_resources:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_resource_type = g2('resource_type')
        if v2_resource_type is None:
            v2_resource_type = 0
        v2_resource_name = g2('resource_name')
        if v2_resource_name is None:
            v2_resource_name = ''
        v2_resource_name_bytes = v2_resource_name.encode()
        w(_pack_b(v2_resource_type))
        n2 = len(v2_resource_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_resource_name_bytes)
        v2_configs = g2('configs')
        if v2_configs is None:
            v2_configs = []
        n2 = len(v2_configs) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_configs:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_name = g4('name')
            if v4_name is None:
                v4_name = ''
            v4_name_bytes = v4_name.encode()
            n4 = len(v4_name_bytes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_name_bytes)
            v4_value = g4('value', '')
            v4_value_bytes = None if v4_value is None else v4_value.encode()
            if v4_value_bytes is None:
                w(b'\x00')
            else:
                n4 = len(v4_value_bytes) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_value_bytes)
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
    v0_validate_only = g0('validate_only')
    if v0_validate_only is None:
        v0_validate_only = False
    w(_pack_o(v0_validate_only))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _AlterConfigsResponse_v0_decode(buf, pos):
    # AlterConfigsResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at AlterConfigsResponse.responses")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'AlterConfigsResponse.responses')
    obj['responses'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['error_code'], n1 = _unpack_from_hh(buf, pos)
        pos += 4
        if n1 < 0:
            x0['error_message'] = None
        else:
            e1 = pos + n1
            if e1 > end:
                raise _truncated('AlterConfigsResponse.responses[].error_message')
            x0['error_message'] = buf[pos:e1].decode()
            pos = e1
        x0['resource_type'], n1 = _unpack_from_bh(buf, pos)
        pos += 3
        if n1 < 0:
            raise _Err("null in non-nullable string at AlterConfigsResponse.responses[].resource_name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('AlterConfigsResponse.responses[].resource_name')
        x0['resource_name'] = buf[pos:e1].decode()
        pos = e1
        a0.append(x0)
    return obj, pos


def _AlterConfigsResponse_v0_encode(obj, w):
    # AlterConfigsResponse v0: passes the bytes of obj, in pieces, to w
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
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_error_message = g2('error_message', None)
        v2_error_message_bytes = None if v2_error_message is None else v2_error_message.encode()
        w(_pack_hh(v2_error_code, -1 if v2_error_message_bytes is None else len(v2_error_message_bytes)))
        if v2_error_message_bytes is not None:
            w(v2_error_message_bytes)
        v2_resource_type = g2('resource_type')
        if v2_resource_type is None:
            v2_resource_type = 0
        v2_resource_name = g2('resource_name')
        if v2_resource_name is None:
            v2_resource_name = ''
        v2_resource_name_bytes = v2_resource_name.encode()
        w(_pack_bh(v2_resource_type, len(v2_resource_name_bytes)))
        w(v2_resource_name_bytes)


def _AlterConfigsResponse_v2_decode(buf, pos):
    # AlterConfigsResponse v2: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at AlterConfigsResponse.responses")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'AlterConfigsResponse.responses')
    obj['responses'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
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
                raise _truncated('AlterConfigsResponse.responses[].error_message')
            x1['error_message'] = buf[pos:e3].decode()
            pos = e3
        x1['resource_type'], = _unpack_from_b(buf, pos)
        pos += 1
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at AlterConfigsResponse.responses[].resource_name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('AlterConfigsResponse.responses[].resource_name')
        x1['resource_name'] = buf[pos:e3].decode()
        pos = e3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'AlterConfigsResponse.responses[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'AlterConfigsResponse')
    else:
        pos += 1
    return obj, pos


def _AlterConfigsResponse_v2_encode(obj, w):
    # AlterConfigsResponse v2: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_responses = g0('responses')
    if v0_responses is None:
        v0_responses = []
    w(_pack_i(v0_throttle_time_ms))
    n0 = len(v0_responses) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_responses:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_error_message = g2('error_message', None)
        v2_error_message_bytes = None if v2_error_message is None else v2_error_message.encode()
        w(_pack_h(v2_error_code))
        if v2_error_message_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_error_message_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_error_message_bytes)
        v2_resource_type = g2('resource_type')
        if v2_resource_type is None:
            v2_resource_type = 0
        v2_resource_name = g2('resource_name')
        if v2_resource_name is None:
            v2_resource_name = ''
        v2_resource_name_bytes = v2_resource_name.encode()
        w(_pack_b(v2_resource_type))
        n2 = len(v2_resource_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_resource_name_bytes)
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


def _DescribeLogDirsRequest_v0_decode(buf, pos):
    # DescribeLogDirsRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        obj['topics'] = None
    else:
        if n0 > end - pos:
            raise _too_many(n0, end - pos, 'DescribeLogDirsRequest.topics')
        obj['topics'] = a0 = []
        for _ in range(n0):
            x0 = Container()
            n1, = _unpack_from_h(buf, pos)
            pos += 2
            if n1 < 0:
                raise _Err("null in non-nullable string at DescribeLogDirsRequest.topics[].topic")
            e1 = pos + n1
            if e1 > end:
                raise _truncated('DescribeLogDirsRequest.topics[].topic')
            x0['topic'] = buf[pos:e1].decode()
            pos = e1
            n1, = _unpack_from_i(buf, pos)
            pos += 4
            if n1 < 0:
                raise _Err("null in non-nullable array at DescribeLogDirsRequest.topics[].partitions")
            if n1 > end - pos:
                raise _too_many(n1, end - pos, 'DescribeLogDirsRequest.topics[].partitions')
            x0['partitions'] = list(_unpack_from_i_arrays[n1](buf, pos) if n1 < 32 else _struct_unpack_from('>%di' % n1, buf, pos))
            pos += 4 * n1
            a0.append(x0)
    return obj, pos


def _DescribeLogDirsRequest_v0_encode(obj, w):
    # DescribeLogDirsRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_topics = g0('topics', None)
    w(_pack_i(-1 if v0_topics is None else len(v0_topics)))
    if v0_topics is not None:
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
            w(_pack_i_arrays[len(v2_partitions)](*v2_partitions) if len(v2_partitions) < 32 else _struct_pack('>%di' % len(v2_partitions), *v2_partitions))


def _DescribeLogDirsRequest_v2_decode(buf, pos):
    # DescribeLogDirsRequest v2: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['topics'] = None
    else:
        n1 -= 1
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'DescribeLogDirsRequest.topics')
        obj['topics'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            n3 = buf[pos]
            if n3 > 127:
                n3, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n3:
                raise _Err("null in non-nullable string at DescribeLogDirsRequest.topics[].topic")
            n3 -= 1
            e3 = pos + n3
            if e3 > end:
                raise _truncated('DescribeLogDirsRequest.topics[].topic')
            x1['topic'] = buf[pos:e3].decode()
            pos = e3
            n3 = buf[pos]
            if n3 > 127:
                n3, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n3:
                raise _Err("null in non-nullable array at DescribeLogDirsRequest.topics[].partitions")
            n3 -= 1
            if n3 > end - pos:
                raise _too_many(n3, end - pos, 'DescribeLogDirsRequest.topics[].partitions')
            x1['partitions'] = list(_unpack_from_i_arrays[n3](buf, pos) if n3 < 32 else _struct_unpack_from('>%di' % n3, buf, pos))
            pos += 4 * n3
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x1, _NO_TAGS, 'DescribeLogDirsRequest.topics[]')
            else:
                pos += 1
            a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DescribeLogDirsRequest')
    else:
        pos += 1
    return obj, pos


def _DescribeLogDirsRequest_v2_encode(obj, w):
    # DescribeLogDirsRequest v2: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_topics = g0('topics', None)
    if v0_topics is None:
        w(b'\x00')
    else:
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


def _DescribeLogDirsResponse_v0_decode(buf, pos):
    # DescribeLogDirsResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at DescribeLogDirsResponse.results")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'DescribeLogDirsResponse.results')
    obj['results'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['error_code'], n1 = _unpack_from_hh(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable string at DescribeLogDirsResponse.results[].log_dir")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DescribeLogDirsResponse.results[].log_dir')
        x0['log_dir'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at DescribeLogDirsResponse.results[].topics")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'DescribeLogDirsResponse.results[].topics')
        x0['topics'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                raise _Err("null in non-nullable string at DescribeLogDirsResponse.results[].topics[].name")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DescribeLogDirsResponse.results[].topics[].name')
            x1['name'] = buf[pos:e2].decode()
            pos = e2
            n2, = _unpack_from_i(buf, pos)
            pos += 4
            if n2 < 0:
                raise _Err("null in non-nullable array at DescribeLogDirsResponse.results[].topics[].partitions")
            if n2 > end - pos:
                raise _too_many(n2, end - pos, 'DescribeLogDirsResponse.results[].topics[].partitions')
            x1['partitions'] = a2 = []
            for _ in range(n2):
                x2 = Container()
                x2['partition_index'], x2['partition_size'], x2['offset_lag'], x2['is_future_key'] = _unpack_from_iqqo(buf, pos)
                pos += 21
                a2.append(x2)
            a1.append(x1)
        x0['total_bytes'] = -1
        x0['usable_bytes'] = -1
        a0.append(x0)
    obj['error_code'] = 0
    return obj, pos


def _DescribeLogDirsResponse_v0_encode(obj, w):
    # DescribeLogDirsResponse v0: passes the bytes of obj, in pieces, to w
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
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_log_dir = g2('log_dir')
        if v2_log_dir is None:
            v2_log_dir = ''
        v2_log_dir_bytes = v2_log_dir.encode()
        w(_pack_hh(v2_error_code, len(v2_log_dir_bytes)))
        w(v2_log_dir_bytes)
        v2_topics = g2('topics')
        if v2_topics is None:
            v2_topics = []
        w(_pack_i(len(v2_topics)))
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
                v6_partition_size = g6('partition_size')
                if v6_partition_size is None:
                    v6_partition_size = 0
                v6_offset_lag = g6('offset_lag')
                if v6_offset_lag is None:
                    v6_offset_lag = 0
                v6_is_future_key = g6('is_future_key')
                if v6_is_future_key is None:
                    v6_is_future_key = False
                w(_pack_iqqo(v6_partition_index, v6_partition_size, v6_offset_lag, v6_is_future_key))


def _DescribeLogDirsResponse_v2_decode(buf, pos):
    # DescribeLogDirsResponse v2: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at DescribeLogDirsResponse.results")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'DescribeLogDirsResponse.results')
    obj['results'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at DescribeLogDirsResponse.results[].log_dir")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('DescribeLogDirsResponse.results[].log_dir')
        x1['log_dir'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at DescribeLogDirsResponse.results[].topics")
        n3 -= 1
        if n3 > end - pos:
            raise _too_many(n3, end - pos, 'DescribeLogDirsResponse.results[].topics')
        x1['topics'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at DescribeLogDirsResponse.results[].topics[].name")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('DescribeLogDirsResponse.results[].topics[].name')
            x3['name'] = buf[pos:e5].decode()
            pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at DescribeLogDirsResponse.results[].topics[].partitions")
            n5 -= 1
            if n5 > end - pos:
                raise _too_many(n5, end - pos, 'DescribeLogDirsResponse.results[].topics[].partitions')
            x3['partitions'] = a5 = []
            for _ in range(n5):
                x5 = Container()
                x5['partition_index'], x5['partition_size'], x5['offset_lag'], x5['is_future_key'] = _unpack_from_iqqo(buf, pos)
                pos += 21
                if buf[pos]:  # tagged fields
                    pos = _read_tags(buf, pos, x5, _NO_TAGS, 'DescribeLogDirsResponse.results[].topics[].partitions[]')
                else:
                    pos += 1
                a5.append(x5)
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'DescribeLogDirsResponse.results[].topics[]')
            else:
                pos += 1
            a3.append(x3)
        x1['total_bytes'] = -1
        x1['usable_bytes'] = -1
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'DescribeLogDirsResponse.results[]')
        else:
            pos += 1
        a1.append(x1)
    obj['error_code'] = 0
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DescribeLogDirsResponse')
    else:
        pos += 1
    return obj, pos


def _DescribeLogDirsResponse_v2_encode(obj, w):
    # DescribeLogDirsResponse v2: passes the bytes of obj, in pieces, to w
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
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_log_dir = g2('log_dir')
        if v2_log_dir is None:
            v2_log_dir = ''
        v2_log_dir_bytes = v2_log_dir.encode()
        w(_pack_h(v2_error_code))
        n2 = len(v2_log_dir_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_log_dir_bytes)
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
                v6_partition_size = g6('partition_size')
                if v6_partition_size is None:
                    v6_partition_size = 0
                v6_offset_lag = g6('offset_lag')
                if v6_offset_lag is None:
                    v6_offset_lag = 0
                v6_is_future_key = g6('is_future_key')
                if v6_is_future_key is None:
                    v6_is_future_key = False
                w(_pack_iqqo(v6_partition_index, v6_partition_size, v6_offset_lag, v6_is_future_key))
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


def _DescribeLogDirsResponse_v3_decode(buf, pos):
    # DescribeLogDirsResponse v3: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at DescribeLogDirsResponse.results")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'DescribeLogDirsResponse.results')
    obj['results'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at DescribeLogDirsResponse.results[].log_dir")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('DescribeLogDirsResponse.results[].log_dir')
        x1['log_dir'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at DescribeLogDirsResponse.results[].topics")
        n3 -= 1
        if n3 > end - pos:
            raise _too_many(n3, end - pos, 'DescribeLogDirsResponse.results[].topics')
        x1['topics'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at DescribeLogDirsResponse.results[].topics[].name")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('DescribeLogDirsResponse.results[].topics[].name')
            x3['name'] = buf[pos:e5].decode()
            pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at DescribeLogDirsResponse.results[].topics[].partitions")
            n5 -= 1
            if n5 > end - pos:
                raise _too_many(n5, end - pos, 'DescribeLogDirsResponse.results[].topics[].partitions')
            x3['partitions'] = a5 = []
            for _ in range(n5):
                x5 = Container()
                x5['partition_index'], x5['partition_size'], x5['offset_lag'], x5['is_future_key'] = _unpack_from_iqqo(buf, pos)
                pos += 21
                if buf[pos]:  # tagged fields
                    pos = _read_tags(buf, pos, x5, _NO_TAGS, 'DescribeLogDirsResponse.results[].topics[].partitions[]')
                else:
                    pos += 1
                a5.append(x5)
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'DescribeLogDirsResponse.results[].topics[]')
            else:
                pos += 1
            a3.append(x3)
        x1['total_bytes'] = -1
        x1['usable_bytes'] = -1
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'DescribeLogDirsResponse.results[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DescribeLogDirsResponse')
    else:
        pos += 1
    return obj, pos


def _DescribeLogDirsResponse_v3_encode(obj, w):
    # DescribeLogDirsResponse v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_results = g0('results')
    if v0_results is None:
        v0_results = []
    w(_pack_ih(v0_throttle_time_ms, v0_error_code))
    n0 = len(v0_results) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_results:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_log_dir = g2('log_dir')
        if v2_log_dir is None:
            v2_log_dir = ''
        v2_log_dir_bytes = v2_log_dir.encode()
        w(_pack_h(v2_error_code))
        n2 = len(v2_log_dir_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_log_dir_bytes)
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
                v6_partition_size = g6('partition_size')
                if v6_partition_size is None:
                    v6_partition_size = 0
                v6_offset_lag = g6('offset_lag')
                if v6_offset_lag is None:
                    v6_offset_lag = 0
                v6_is_future_key = g6('is_future_key')
                if v6_is_future_key is None:
                    v6_is_future_key = False
                w(_pack_iqqo(v6_partition_index, v6_partition_size, v6_offset_lag, v6_is_future_key))
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


def _DescribeLogDirsResponse_v4_decode(buf, pos):
    # DescribeLogDirsResponse v4: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at DescribeLogDirsResponse.results")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'DescribeLogDirsResponse.results')
    obj['results'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at DescribeLogDirsResponse.results[].log_dir")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('DescribeLogDirsResponse.results[].log_dir')
        x1['log_dir'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at DescribeLogDirsResponse.results[].topics")
        n3 -= 1
        if n3 > end - pos:
            raise _too_many(n3, end - pos, 'DescribeLogDirsResponse.results[].topics')
        x1['topics'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at DescribeLogDirsResponse.results[].topics[].name")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('DescribeLogDirsResponse.results[].topics[].name')
            x3['name'] = buf[pos:e5].decode()
            pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at DescribeLogDirsResponse.results[].topics[].partitions")
            n5 -= 1
            if n5 > end - pos:
                raise _too_many(n5, end - pos, 'DescribeLogDirsResponse.results[].topics[].partitions')
            x3['partitions'] = a5 = []
            for _ in range(n5):
                x5 = Container()
                x5['partition_index'], x5['partition_size'], x5['offset_lag'], x5['is_future_key'] = _unpack_from_iqqo(buf, pos)
                pos += 21
                if buf[pos]:  # tagged fields
                    pos = _read_tags(buf, pos, x5, _NO_TAGS, 'DescribeLogDirsResponse.results[].topics[].partitions[]')
                else:
                    pos += 1
                a5.append(x5)
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'DescribeLogDirsResponse.results[].topics[]')
            else:
                pos += 1
            a3.append(x3)
        x1['total_bytes'], x1['usable_bytes'] = _unpack_from_qq(buf, pos)
        pos += 16
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'DescribeLogDirsResponse.results[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DescribeLogDirsResponse')
    else:
        pos += 1
    return obj, pos


def _DescribeLogDirsResponse_v4_encode(obj, w):
    # DescribeLogDirsResponse v4: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_results = g0('results')
    if v0_results is None:
        v0_results = []
    w(_pack_ih(v0_throttle_time_ms, v0_error_code))
    n0 = len(v0_results) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_results:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_log_dir = g2('log_dir')
        if v2_log_dir is None:
            v2_log_dir = ''
        v2_log_dir_bytes = v2_log_dir.encode()
        w(_pack_h(v2_error_code))
        n2 = len(v2_log_dir_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_log_dir_bytes)
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
                v6_partition_size = g6('partition_size')
                if v6_partition_size is None:
                    v6_partition_size = 0
                v6_offset_lag = g6('offset_lag')
                if v6_offset_lag is None:
                    v6_offset_lag = 0
                v6_is_future_key = g6('is_future_key')
                if v6_is_future_key is None:
                    v6_is_future_key = False
                w(_pack_iqqo(v6_partition_index, v6_partition_size, v6_offset_lag, v6_is_future_key))
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
        v2_total_bytes = g2('total_bytes')
        if v2_total_bytes is None:
            v2_total_bytes = -1
        v2_usable_bytes = g2('usable_bytes')
        if v2_usable_bytes is None:
            v2_usable_bytes = -1
        w(_pack_qq(v2_total_bytes, v2_usable_bytes))
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


def _CreatePartitionsRequest_v0_decode(buf, pos):
    # CreatePartitionsRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at CreatePartitionsRequest.topics")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'CreatePartitionsRequest.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at CreatePartitionsRequest.topics[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('CreatePartitionsRequest.topics[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        x0['count'], n1 = _unpack_from_ii(buf, pos)
        pos += 8
        if n1 < 0:
            x0['assignments'] = None
        else:
            if n1 > end - pos:
                raise _too_many(n1, end - pos, 'CreatePartitionsRequest.topics[].assignments')
            x0['assignments'] = a1 = []
            for _ in range(n1):
                x1 = Container()
                n2, = _unpack_from_i(buf, pos)
                pos += 4
                if n2 < 0:
                    raise _Err("null in non-nullable array at CreatePartitionsRequest.topics[].assignments[].broker_ids")
                if n2 > end - pos:
                    raise _too_many(n2, end - pos, 'CreatePartitionsRequest.topics[].assignments[].broker_ids')
                x1['broker_ids'] = list(_unpack_from_i_arrays[n2](buf, pos) if n2 < 32 else _struct_unpack_from('>%di' % n2, buf, pos))
                pos += 4 * n2
                a1.append(x1)
        a0.append(x0)
    obj['timeout_ms'], obj['validate_only'] = _unpack_from_io(buf, pos)
    pos += 5
    return obj, pos


def _CreatePartitionsRequest_v0_encode(obj, w):
    # CreatePartitionsRequest v0: passes the bytes of obj, in pieces, to w
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
        v2_count = g2('count')
        if v2_count is None:
            v2_count = 0
        v2_assignments = g2('assignments', None)
        w(_pack_ii(v2_count, -1 if v2_assignments is None else len(v2_assignments)))
        if v2_assignments is not None:
            for x2 in v2_assignments:
                g4 = x2.get if isinstance(x2, dict) else _getter(x2)
                v4_broker_ids = g4('broker_ids')
                if v4_broker_ids is None:
                    v4_broker_ids = []
                w(_pack_i(len(v4_broker_ids)))
                w(_pack_i_arrays[len(v4_broker_ids)](*v4_broker_ids) if len(v4_broker_ids) < 32 else _struct_pack('>%di' % len(v4_broker_ids), *v4_broker_ids))
    v0_timeout_ms = g0('timeout_ms')
    if v0_timeout_ms is None:
        v0_timeout_ms = 0
    v0_validate_only = g0('validate_only')
    if v0_validate_only is None:
        v0_validate_only = False
    w(_pack_io(v0_timeout_ms, v0_validate_only))


def _CreatePartitionsRequest_v2_decode(buf, pos):
    # CreatePartitionsRequest v2: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at CreatePartitionsRequest.topics")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'CreatePartitionsRequest.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at CreatePartitionsRequest.topics[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('CreatePartitionsRequest.topics[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        x1['count'], = _unpack_from_i(buf, pos)
        pos += 4
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            x1['assignments'] = None
        else:
            n3 -= 1
            if n3 > end - pos:
                raise _too_many(n3, end - pos, 'CreatePartitionsRequest.topics[].assignments')
            x1['assignments'] = a3 = []
            for _ in range(n3):
                x3 = Container()
                n5 = buf[pos]
                if n5 > 127:
                    n5, pos = _uvarint(buf, pos)
                else:
                    pos += 1
                if not n5:
                    raise _Err("null in non-nullable array at CreatePartitionsRequest.topics[].assignments[].broker_ids")
                n5 -= 1
                if n5 > end - pos:
                    raise _too_many(n5, end - pos, 'CreatePartitionsRequest.topics[].assignments[].broker_ids')
                x3['broker_ids'] = list(_unpack_from_i_arrays[n5](buf, pos) if n5 < 32 else _struct_unpack_from('>%di' % n5, buf, pos))
                pos += 4 * n5
                if buf[pos]:  # tagged fields
                    pos = _read_tags(buf, pos, x3, _NO_TAGS, 'CreatePartitionsRequest.topics[].assignments[]')
                else:
                    pos += 1
                a3.append(x3)
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'CreatePartitionsRequest.topics[]')
        else:
            pos += 1
        a1.append(x1)
    obj['timeout_ms'], obj['validate_only'] = _unpack_from_io(buf, pos)
    pos += 5
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'CreatePartitionsRequest')
    else:
        pos += 1
    return obj, pos


def _CreatePartitionsRequest_v2_encode(obj, w):
    # CreatePartitionsRequest v2: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
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
        v2_count = g2('count')
        if v2_count is None:
            v2_count = 0
        v2_assignments = g2('assignments', None)
        w(_pack_i(v2_count))
        if v2_assignments is None:
            w(b'\x00')
        else:
            n2 = len(v2_assignments) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            for x2 in v2_assignments:
                g4 = x2.get if isinstance(x2, dict) else _getter(x2)
                v4_broker_ids = g4('broker_ids')
                if v4_broker_ids is None:
                    v4_broker_ids = []
                n4 = len(v4_broker_ids) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(_pack_i_arrays[len(v4_broker_ids)](*v4_broker_ids) if len(v4_broker_ids) < 32 else _struct_pack('>%di' % len(v4_broker_ids), *v4_broker_ids))
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
    v0_validate_only = g0('validate_only')
    if v0_validate_only is None:
        v0_validate_only = False
    w(_pack_io(v0_timeout_ms, v0_validate_only))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _CreatePartitionsResponse_v0_decode(buf, pos):
    # CreatePartitionsResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at CreatePartitionsResponse.results")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'CreatePartitionsResponse.results')
    obj['results'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at CreatePartitionsResponse.results[].name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('CreatePartitionsResponse.results[].name')
        x0['name'] = buf[pos:e1].decode()
        pos = e1
        x0['error_code'], n1 = _unpack_from_hh(buf, pos)
        pos += 4
        if n1 < 0:
            x0['error_message'] = None
        else:
            e1 = pos + n1
            if e1 > end:
                raise _truncated('CreatePartitionsResponse.results[].error_message')
            x0['error_message'] = buf[pos:e1].decode()
            pos = e1
        a0.append(x0)
    return obj, pos


def _CreatePartitionsResponse_v0_encode(obj, w):
    # CreatePartitionsResponse v0: passes the bytes of obj, in pieces, to w
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
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_error_message = g2('error_message', None)
        v2_error_message_bytes = None if v2_error_message is None else v2_error_message.encode()
        w(_pack_hh(v2_error_code, -1 if v2_error_message_bytes is None else len(v2_error_message_bytes)))
        if v2_error_message_bytes is not None:
            w(v2_error_message_bytes)


def _CreatePartitionsResponse_v2_decode(buf, pos):
    # CreatePartitionsResponse v2: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at CreatePartitionsResponse.results")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'CreatePartitionsResponse.results')
    obj['results'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at CreatePartitionsResponse.results[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('CreatePartitionsResponse.results[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        x1['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
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
                raise _truncated('CreatePartitionsResponse.results[].error_message')
            x1['error_message'] = buf[pos:e3].decode()
            pos = e3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'CreatePartitionsResponse.results[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'CreatePartitionsResponse')
    else:
        pos += 1
    return obj, pos


def _CreatePartitionsResponse_v2_encode(obj, w):
    # CreatePartitionsResponse v2: passes the bytes of obj, in pieces, to w
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
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_error_message = g2('error_message', None)
        v2_error_message_bytes = None if v2_error_message is None else v2_error_message.encode()
        w(_pack_h(v2_error_code))
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


def _IncrementalAlterConfigsRequest_v0_decode(buf, pos):
    # IncrementalAlterConfigsRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at IncrementalAlterConfigsRequest.resources")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'IncrementalAlterConfigsRequest.resources')
    obj['resources'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['resource_type'], n1 = _unpack_from_bh(buf, pos)
        pos += 3
        if n1 < 0:
            raise _Err("null in non-nullable string at IncrementalAlterConfigsRequest.resources[].resource_name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('IncrementalAlterConfigsRequest.resources[].resource_name')
        x0['resource_name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at IncrementalAlterConfigsRequest.resources[].configs")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'IncrementalAlterConfigsRequest.resources[].configs')
        x0['configs'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                raise _Err("null in non-nullable string at IncrementalAlterConfigsRequest.resources[].configs[].name")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('IncrementalAlterConfigsRequest.resources[].configs[].name')
            x1['name'] = buf[pos:e2].decode()
            pos = e2
            x1['config_operation'], n2 = _unpack_from_bh(buf, pos)
            pos += 3
            if n2 < 0:
                x1['value'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('IncrementalAlterConfigsRequest.resources[].configs[].value')
                x1['value'] = buf[pos:e2].decode()
                pos = e2
            a1.append(x1)
        a0.append(x0)
    obj['validate_only'], = _unpack_from_o(buf, pos)
    pos += 1
    return obj, pos


def _IncrementalAlterConfigsRequest_v0_encode(obj, w):
    # IncrementalAlterConfigsRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_resources = g0('resources')
    if v0_resources is None:
        v0_resources = []
    w(_pack_i(len(v0_resources)))
    for x0 in v0_resources:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_resource_type = g2('resource_type')
        if v2_resource_type is None:
            v2_resource_type = 0
        v2_resource_name = g2('resource_name')
        if v2_resource_name is None:
            v2_resource_name = ''
        v2_resource_name_bytes = v2_resource_name.encode()
        w(_pack_bh(v2_resource_type, len(v2_resource_name_bytes)))
        w(v2_resource_name_bytes)
        v2_configs = g2('configs')
        if v2_configs is None:
            v2_configs = []
        w(_pack_i(len(v2_configs)))
        for x2 in v2_configs:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_name = g4('name')
            if v4_name is None:
                v4_name = ''
            v4_name_bytes = v4_name.encode()
            w(_pack_h(len(v4_name_bytes)))
            w(v4_name_bytes)
            v4_config_operation = g4('config_operation')
            if v4_config_operation is None:
                v4_config_operation = 0
            v4_value = g4('value', '')
            v4_value_bytes = None if v4_value is None else v4_value.encode()
            w(_pack_bh(v4_config_operation, -1 if v4_value_bytes is None else len(v4_value_bytes)))
            if v4_value_bytes is not None:
                w(v4_value_bytes)
    v0_validate_only = g0('validate_only')
    if v0_validate_only is None:
        v0_validate_only = False
    w(_pack_o(v0_validate_only))


def _IncrementalAlterConfigsRequest_v1_decode(buf, pos):
    # IncrementalAlterConfigsRequest v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at IncrementalAlterConfigsRequest.resources")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'IncrementalAlterConfigsRequest.resources')
    obj['resources'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['resource_type'], = _unpack_from_b(buf, pos)
        pos += 1
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at IncrementalAlterConfigsRequest.resources[].resource_name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('IncrementalAlterConfigsRequest.resources[].resource_name')
        x1['resource_name'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at IncrementalAlterConfigsRequest.resources[].configs")
        n3 -= 1
        if n3 > end - pos:
            raise _too_many(n3, end - pos, 'IncrementalAlterConfigsRequest.resources[].configs')
        x1['configs'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at IncrementalAlterConfigsRequest.resources[].configs[].name")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('IncrementalAlterConfigsRequest.resources[].configs[].name')
            x3['name'] = buf[pos:e5].decode()
            pos = e5
            x3['config_operation'], = _unpack_from_b(buf, pos)
            pos += 1
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                x3['value'] = None
            else:
                n5 -= 1
                e5 = pos + n5
                if e5 > end:
                    raise _truncated('IncrementalAlterConfigsRequest.resources[].configs[].value')
                x3['value'] = buf[pos:e5].decode()
                pos = e5
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'IncrementalAlterConfigsRequest.resources[].configs[]')
            else:
                pos += 1
            a3.append(x3)
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'IncrementalAlterConfigsRequest.resources[]')
        else:
            pos += 1
        a1.append(x1)
    obj['validate_only'], = _unpack_from_o(buf, pos)
    pos += 1
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'IncrementalAlterConfigsRequest')
    else:
        pos += 1
    return obj, pos


def _IncrementalAlterConfigsRequest_v1_encode(obj, w):
    # IncrementalAlterConfigsRequest v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_resources = g0('resources')
    if v0_resources is None:
        v0_resources = []
    n0 = len(v0_resources) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_resources:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_resource_type = g2('resource_type')
        if v2_resource_type is None:
            v2_resource_type = 0
        v2_resource_name = g2('resource_name')
        if v2_resource_name is None:
            v2_resource_name = ''
        v2_resource_name_bytes = v2_resource_name.encode()
        w(_pack_b(v2_resource_type))
        n2 = len(v2_resource_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_resource_name_bytes)
        v2_configs = g2('configs')
        if v2_configs is None:
            v2_configs = []
        n2 = len(v2_configs) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_configs:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_name = g4('name')
            if v4_name is None:
                v4_name = ''
            v4_name_bytes = v4_name.encode()
            n4 = len(v4_name_bytes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_name_bytes)
            v4_config_operation = g4('config_operation')
            if v4_config_operation is None:
                v4_config_operation = 0
            v4_value = g4('value', '')
            v4_value_bytes = None if v4_value is None else v4_value.encode()
            w(_pack_b(v4_config_operation))
            if v4_value_bytes is None:
                w(b'\x00')
            else:
                n4 = len(v4_value_bytes) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_value_bytes)
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
    v0_validate_only = g0('validate_only')
    if v0_validate_only is None:
        v0_validate_only = False
    w(_pack_o(v0_validate_only))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _IncrementalAlterConfigsResponse_v0_decode(buf, pos):
    # IncrementalAlterConfigsResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at IncrementalAlterConfigsResponse.responses")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'IncrementalAlterConfigsResponse.responses')
    obj['responses'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['error_code'], n1 = _unpack_from_hh(buf, pos)
        pos += 4
        if n1 < 0:
            x0['error_message'] = None
        else:
            e1 = pos + n1
            if e1 > end:
                raise _truncated('IncrementalAlterConfigsResponse.responses[].error_message')
            x0['error_message'] = buf[pos:e1].decode()
            pos = e1
        x0['resource_type'], n1 = _unpack_from_bh(buf, pos)
        pos += 3
        if n1 < 0:
            raise _Err("null in non-nullable string at IncrementalAlterConfigsResponse.responses[].resource_name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('IncrementalAlterConfigsResponse.responses[].resource_name')
        x0['resource_name'] = buf[pos:e1].decode()
        pos = e1
        a0.append(x0)
    return obj, pos


def _IncrementalAlterConfigsResponse_v0_encode(obj, w):
    # IncrementalAlterConfigsResponse v0: passes the bytes of obj, in pieces, to w
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
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_error_message = g2('error_message', None)
        v2_error_message_bytes = None if v2_error_message is None else v2_error_message.encode()
        w(_pack_hh(v2_error_code, -1 if v2_error_message_bytes is None else len(v2_error_message_bytes)))
        if v2_error_message_bytes is not None:
            w(v2_error_message_bytes)
        v2_resource_type = g2('resource_type')
        if v2_resource_type is None:
            v2_resource_type = 0
        v2_resource_name = g2('resource_name')
        if v2_resource_name is None:
            v2_resource_name = ''
        v2_resource_name_bytes = v2_resource_name.encode()
        w(_pack_bh(v2_resource_type, len(v2_resource_name_bytes)))
        w(v2_resource_name_bytes)


def _IncrementalAlterConfigsResponse_v1_decode(buf, pos):
    # IncrementalAlterConfigsResponse v1: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at IncrementalAlterConfigsResponse.responses")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'IncrementalAlterConfigsResponse.responses')
    obj['responses'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
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
                raise _truncated('IncrementalAlterConfigsResponse.responses[].error_message')
            x1['error_message'] = buf[pos:e3].decode()
            pos = e3
        x1['resource_type'], = _unpack_from_b(buf, pos)
        pos += 1
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at IncrementalAlterConfigsResponse.responses[].resource_name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('IncrementalAlterConfigsResponse.responses[].resource_name')
        x1['resource_name'] = buf[pos:e3].decode()
        pos = e3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'IncrementalAlterConfigsResponse.responses[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'IncrementalAlterConfigsResponse')
    else:
        pos += 1
    return obj, pos


def _IncrementalAlterConfigsResponse_v1_encode(obj, w):
    # IncrementalAlterConfigsResponse v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_responses = g0('responses')
    if v0_responses is None:
        v0_responses = []
    w(_pack_i(v0_throttle_time_ms))
    n0 = len(v0_responses) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_responses:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_error_message = g2('error_message', None)
        v2_error_message_bytes = None if v2_error_message is None else v2_error_message.encode()
        w(_pack_h(v2_error_code))
        if v2_error_message_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_error_message_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_error_message_bytes)
        v2_resource_type = g2('resource_type')
        if v2_resource_type is None:
            v2_resource_type = 0
        v2_resource_name = g2('resource_name')
        if v2_resource_name is None:
            v2_resource_name = ''
        v2_resource_name_bytes = v2_resource_name.encode()
        w(_pack_b(v2_resource_type))
        n2 = len(v2_resource_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_resource_name_bytes)
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


def _DescribeClusterRequest_v0_decode(buf, pos):
    # DescribeClusterRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['include_cluster_authorized_operations'], = _unpack_from_o(buf, pos)
    pos += 1
    obj['endpoint_type'] = 1
    obj['include_fenced_brokers'] = False
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DescribeClusterRequest')
    else:
        pos += 1
    return obj, pos


def _DescribeClusterRequest_v0_encode(obj, w):
    # DescribeClusterRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_include_cluster_authorized_operations = g0('include_cluster_authorized_operations')
    if v0_include_cluster_authorized_operations is None:
        v0_include_cluster_authorized_operations = False
    w(_pack_o(v0_include_cluster_authorized_operations))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _DescribeClusterRequest_v1_decode(buf, pos):
    # DescribeClusterRequest v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['include_cluster_authorized_operations'], obj['endpoint_type'] = _unpack_from_ob(buf, pos)
    pos += 2
    obj['include_fenced_brokers'] = False
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DescribeClusterRequest')
    else:
        pos += 1
    return obj, pos


def _DescribeClusterRequest_v1_encode(obj, w):
    # DescribeClusterRequest v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_include_cluster_authorized_operations = g0('include_cluster_authorized_operations')
    if v0_include_cluster_authorized_operations is None:
        v0_include_cluster_authorized_operations = False
    v0_endpoint_type = g0('endpoint_type')
    if v0_endpoint_type is None:
        v0_endpoint_type = 1
    w(_pack_ob(v0_include_cluster_authorized_operations, v0_endpoint_type))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _DescribeClusterRequest_v2_decode(buf, pos):
    # DescribeClusterRequest v2: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['include_cluster_authorized_operations'], obj['endpoint_type'], obj['include_fenced_brokers'] = _unpack_from_obo(buf, pos)
    pos += 3
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DescribeClusterRequest')
    else:
        pos += 1
    return obj, pos


def _DescribeClusterRequest_v2_encode(obj, w):
    # DescribeClusterRequest v2: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_include_cluster_authorized_operations = g0('include_cluster_authorized_operations')
    if v0_include_cluster_authorized_operations is None:
        v0_include_cluster_authorized_operations = False
    v0_endpoint_type = g0('endpoint_type')
    if v0_endpoint_type is None:
        v0_endpoint_type = 1
    v0_include_fenced_brokers = g0('include_fenced_brokers')
    if v0_include_fenced_brokers is None:
        v0_include_fenced_brokers = False
    w(_pack_obo(v0_include_cluster_authorized_operations, v0_endpoint_type, v0_include_fenced_brokers))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _DescribeClusterResponse_v0_decode(buf, pos):
    # DescribeClusterResponse v0: the message at buf[pos:] -> (Container, end position)
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
            raise _truncated('DescribeClusterResponse.error_message')
        obj['error_message'] = buf[pos:e1].decode()
        pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at DescribeClusterResponse.cluster_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('DescribeClusterResponse.cluster_id')
    obj['cluster_id'] = buf[pos:e1].decode()
    pos = e1
    obj['controller_id'], = _unpack_from_i(buf, pos)
    pos += 4
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at DescribeClusterResponse.brokers")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'DescribeClusterResponse.brokers')
    obj['brokers'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['broker_id'], = _unpack_from_i(buf, pos)
        pos += 4
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at DescribeClusterResponse.brokers[].host")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('DescribeClusterResponse.brokers[].host')
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
                raise _truncated('DescribeClusterResponse.brokers[].rack')
            x1['rack'] = buf[pos:e3].decode()
            pos = e3
        x1['is_fenced'] = False
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'DescribeClusterResponse.brokers[]')
        else:
            pos += 1
        a1.append(x1)
    obj['cluster_authorized_operations'], = _unpack_from_i(buf, pos)
    pos += 4
    obj['endpoint_type'] = 1
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DescribeClusterResponse')
    else:
        pos += 1
    return obj, pos


def _DescribeClusterResponse_v0_encode(obj, w):
    # DescribeClusterResponse v0: passes the bytes of obj, in pieces, to w
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
    v0_cluster_id = g0('cluster_id')
    if v0_cluster_id is None:
        v0_cluster_id = ''
    v0_cluster_id_bytes = v0_cluster_id.encode()
    n0 = len(v0_cluster_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_cluster_id_bytes)
    v0_controller_id = g0('controller_id')
    if v0_controller_id is None:
        v0_controller_id = -1
    v0_brokers = g0('brokers')
    if v0_brokers is None:
        v0_brokers = []
    w(_pack_i(v0_controller_id))
    n0 = len(v0_brokers) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_brokers:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_broker_id = g2('broker_id')
        if v2_broker_id is None:
            v2_broker_id = 0
        v2_host = g2('host')
        if v2_host is None:
            v2_host = ''
        v2_host_bytes = v2_host.encode()
        w(_pack_i(v2_broker_id))
        n2 = len(v2_host_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_host_bytes)
        v2_port = g2('port')
        if v2_port is None:
            v2_port = 0
        v2_rack = g2('rack', None)
        v2_rack_bytes = None if v2_rack is None else v2_rack.encode()
        w(_pack_i(v2_port))
        if v2_rack_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_rack_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_rack_bytes)
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_cluster_authorized_operations = g0('cluster_authorized_operations')
    if v0_cluster_authorized_operations is None:
        v0_cluster_authorized_operations = -2147483648
    w(_pack_i(v0_cluster_authorized_operations))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _DescribeClusterResponse_v1_decode(buf, pos):
    # DescribeClusterResponse v1: the message at buf[pos:] -> (Container, end position)
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
            raise _truncated('DescribeClusterResponse.error_message')
        obj['error_message'] = buf[pos:e1].decode()
        pos = e1
    obj['endpoint_type'], = _unpack_from_b(buf, pos)
    pos += 1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at DescribeClusterResponse.cluster_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('DescribeClusterResponse.cluster_id')
    obj['cluster_id'] = buf[pos:e1].decode()
    pos = e1
    obj['controller_id'], = _unpack_from_i(buf, pos)
    pos += 4
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at DescribeClusterResponse.brokers")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'DescribeClusterResponse.brokers')
    obj['brokers'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['broker_id'], = _unpack_from_i(buf, pos)
        pos += 4
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at DescribeClusterResponse.brokers[].host")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('DescribeClusterResponse.brokers[].host')
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
                raise _truncated('DescribeClusterResponse.brokers[].rack')
            x1['rack'] = buf[pos:e3].decode()
            pos = e3
        x1['is_fenced'] = False
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'DescribeClusterResponse.brokers[]')
        else:
            pos += 1
        a1.append(x1)
    obj['cluster_authorized_operations'], = _unpack_from_i(buf, pos)
    pos += 4
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DescribeClusterResponse')
    else:
        pos += 1
    return obj, pos


def _DescribeClusterResponse_v1_encode(obj, w):
    # DescribeClusterResponse v1: passes the bytes of obj, in pieces, to w
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
    v0_endpoint_type = g0('endpoint_type')
    if v0_endpoint_type is None:
        v0_endpoint_type = 1
    v0_cluster_id = g0('cluster_id')
    if v0_cluster_id is None:
        v0_cluster_id = ''
    v0_cluster_id_bytes = v0_cluster_id.encode()
    w(_pack_b(v0_endpoint_type))
    n0 = len(v0_cluster_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_cluster_id_bytes)
    v0_controller_id = g0('controller_id')
    if v0_controller_id is None:
        v0_controller_id = -1
    v0_brokers = g0('brokers')
    if v0_brokers is None:
        v0_brokers = []
    w(_pack_i(v0_controller_id))
    n0 = len(v0_brokers) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_brokers:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_broker_id = g2('broker_id')
        if v2_broker_id is None:
            v2_broker_id = 0
        v2_host = g2('host')
        if v2_host is None:
            v2_host = ''
        v2_host_bytes = v2_host.encode()
        w(_pack_i(v2_broker_id))
        n2 = len(v2_host_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_host_bytes)
        v2_port = g2('port')
        if v2_port is None:
            v2_port = 0
        v2_rack = g2('rack', None)
        v2_rack_bytes = None if v2_rack is None else v2_rack.encode()
        w(_pack_i(v2_port))
        if v2_rack_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_rack_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_rack_bytes)
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_cluster_authorized_operations = g0('cluster_authorized_operations')
    if v0_cluster_authorized_operations is None:
        v0_cluster_authorized_operations = -2147483648
    w(_pack_i(v0_cluster_authorized_operations))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _DescribeClusterResponse_v2_decode(buf, pos):
    # DescribeClusterResponse v2: the message at buf[pos:] -> (Container, end position)
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
            raise _truncated('DescribeClusterResponse.error_message')
        obj['error_message'] = buf[pos:e1].decode()
        pos = e1
    obj['endpoint_type'], = _unpack_from_b(buf, pos)
    pos += 1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable string at DescribeClusterResponse.cluster_id")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('DescribeClusterResponse.cluster_id')
    obj['cluster_id'] = buf[pos:e1].decode()
    pos = e1
    obj['controller_id'], = _unpack_from_i(buf, pos)
    pos += 4
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at DescribeClusterResponse.brokers")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'DescribeClusterResponse.brokers')
    obj['brokers'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['broker_id'], = _unpack_from_i(buf, pos)
        pos += 4
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at DescribeClusterResponse.brokers[].host")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('DescribeClusterResponse.brokers[].host')
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
                raise _truncated('DescribeClusterResponse.brokers[].rack')
            x1['rack'] = buf[pos:e3].decode()
            pos = e3
        x1['is_fenced'], = _unpack_from_o(buf, pos)
        pos += 1
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'DescribeClusterResponse.brokers[]')
        else:
            pos += 1
        a1.append(x1)
    obj['cluster_authorized_operations'], = _unpack_from_i(buf, pos)
    pos += 4
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DescribeClusterResponse')
    else:
        pos += 1
    return obj, pos


def _DescribeClusterResponse_v2_encode(obj, w):
    # DescribeClusterResponse v2: passes the bytes of obj, in pieces, to w
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
    v0_endpoint_type = g0('endpoint_type')
    if v0_endpoint_type is None:
        v0_endpoint_type = 1
    v0_cluster_id = g0('cluster_id')
    if v0_cluster_id is None:
        v0_cluster_id = ''
    v0_cluster_id_bytes = v0_cluster_id.encode()
    w(_pack_b(v0_endpoint_type))
    n0 = len(v0_cluster_id_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_cluster_id_bytes)
    v0_controller_id = g0('controller_id')
    if v0_controller_id is None:
        v0_controller_id = -1
    v0_brokers = g0('brokers')
    if v0_brokers is None:
        v0_brokers = []
    w(_pack_i(v0_controller_id))
    n0 = len(v0_brokers) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_brokers:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_broker_id = g2('broker_id')
        if v2_broker_id is None:
            v2_broker_id = 0
        v2_host = g2('host')
        if v2_host is None:
            v2_host = ''
        v2_host_bytes = v2_host.encode()
        w(_pack_i(v2_broker_id))
        n2 = len(v2_host_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_host_bytes)
        v2_port = g2('port')
        if v2_port is None:
            v2_port = 0
        v2_rack = g2('rack', None)
        v2_rack_bytes = None if v2_rack is None else v2_rack.encode()
        w(_pack_i(v2_port))
        if v2_rack_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_rack_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_rack_bytes)
        v2_is_fenced = g2('is_fenced')
        if v2_is_fenced is None:
            v2_is_fenced = False
        w(_pack_o(v2_is_fenced))
        u2 = g2('_unknown_tags', None)
        if u2:
            _write_tags(w, sorted(u2.items()))
        else:
            w(b'\x00')  # no tagged fields
    v0_cluster_authorized_operations = g0('cluster_authorized_operations')
    if v0_cluster_authorized_operations is None:
        v0_cluster_authorized_operations = -2147483648
    w(_pack_i(v0_cluster_authorized_operations))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _DescribeProducersRequest_v0_decode(buf, pos):
    # DescribeProducersRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at DescribeProducersRequest.topics")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'DescribeProducersRequest.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at DescribeProducersRequest.topics[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('DescribeProducersRequest.topics[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at DescribeProducersRequest.topics[].partition_indexes")
        n3 -= 1
        if n3 > end - pos:
            raise _too_many(n3, end - pos, 'DescribeProducersRequest.topics[].partition_indexes')
        x1['partition_indexes'] = list(_unpack_from_i_arrays[n3](buf, pos) if n3 < 32 else _struct_unpack_from('>%di' % n3, buf, pos))
        pos += 4 * n3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'DescribeProducersRequest.topics[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DescribeProducersRequest')
    else:
        pos += 1
    return obj, pos


def _DescribeProducersRequest_v0_encode(obj, w):
    # DescribeProducersRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
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


def _DescribeProducersResponse_v0_decode(buf, pos):
    # DescribeProducersResponse v0: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at DescribeProducersResponse.topics")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'DescribeProducersResponse.topics')
    obj['topics'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at DescribeProducersResponse.topics[].name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('DescribeProducersResponse.topics[].name')
        x1['name'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at DescribeProducersResponse.topics[].partitions")
        n3 -= 1
        if n3 > end - pos:
            raise _too_many(n3, end - pos, 'DescribeProducersResponse.topics[].partitions')
        x1['partitions'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['partition_index'], x3['error_code'] = _unpack_from_ih(buf, pos)
            pos += 6
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
                    raise _truncated('DescribeProducersResponse.topics[].partitions[].error_message')
                x3['error_message'] = buf[pos:e5].decode()
                pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at DescribeProducersResponse.topics[].partitions[].active_producers")
            n5 -= 1
            if n5 > end - pos:
                raise _too_many(n5, end - pos, 'DescribeProducersResponse.topics[].partitions[].active_producers')
            x3['active_producers'] = a5 = []
            for _ in range(n5):
                x5 = Container()
                x5['producer_id'], x5['producer_epoch'], x5['last_sequence'], x5['last_timestamp'], x5['coordinator_epoch'], x5['current_txn_start_offset'] = _unpack_from_qiiqiq(buf, pos)
                pos += 36
                if buf[pos]:  # tagged fields
                    pos = _read_tags(buf, pos, x5, _NO_TAGS, 'DescribeProducersResponse.topics[].partitions[].active_producers[]')
                else:
                    pos += 1
                a5.append(x5)
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'DescribeProducersResponse.topics[].partitions[]')
            else:
                pos += 1
            a3.append(x3)
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'DescribeProducersResponse.topics[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DescribeProducersResponse')
    else:
        pos += 1
    return obj, pos


def _DescribeProducersResponse_v0_encode(obj, w):
    # DescribeProducersResponse v0: passes the bytes of obj, in pieces, to w
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
            v4_error_message = g4('error_message', None)
            v4_error_message_bytes = None if v4_error_message is None else v4_error_message.encode()
            w(_pack_ih(v4_partition_index, v4_error_code))
            if v4_error_message_bytes is None:
                w(b'\x00')
            else:
                n4 = len(v4_error_message_bytes) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_error_message_bytes)
            v4_active_producers = g4('active_producers')
            if v4_active_producers is None:
                v4_active_producers = []
            n4 = len(v4_active_producers) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            for x4 in v4_active_producers:
                g6 = x4.get if isinstance(x4, dict) else _getter(x4)
                v6_producer_id = g6('producer_id')
                if v6_producer_id is None:
                    v6_producer_id = 0
                v6_producer_epoch = g6('producer_epoch')
                if v6_producer_epoch is None:
                    v6_producer_epoch = 0
                v6_last_sequence = g6('last_sequence')
                if v6_last_sequence is None:
                    v6_last_sequence = -1
                v6_last_timestamp = g6('last_timestamp')
                if v6_last_timestamp is None:
                    v6_last_timestamp = -1
                v6_coordinator_epoch = g6('coordinator_epoch')
                if v6_coordinator_epoch is None:
                    v6_coordinator_epoch = 0
                v6_current_txn_start_offset = g6('current_txn_start_offset')
                if v6_current_txn_start_offset is None:
                    v6_current_txn_start_offset = -1
                w(_pack_qiiqiq(v6_producer_id, v6_producer_epoch, v6_last_sequence, v6_last_timestamp, v6_coordinator_epoch, v6_current_txn_start_offset))
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


def _DescribeTransactionsRequest_v0_decode(buf, pos):
    # DescribeTransactionsRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at DescribeTransactionsRequest.transactional_ids")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'DescribeTransactionsRequest.transactional_ids')
    obj['transactional_ids'] = a1 = []
    for _ in range(n1):
        n2 = buf[pos]
        if n2 > 127:
            n2, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n2:
            raise _Err("null in non-nullable string at DescribeTransactionsRequest.transactional_ids[]")
        n2 -= 1
        e2 = pos + n2
        if e2 > end:
            raise _truncated('DescribeTransactionsRequest.transactional_ids[]')
        x1 = buf[pos:e2].decode()
        pos = e2
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DescribeTransactionsRequest')
    else:
        pos += 1
    return obj, pos


def _DescribeTransactionsRequest_v0_encode(obj, w):
    # DescribeTransactionsRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_transactional_ids = g0('transactional_ids')
    if v0_transactional_ids is None:
        v0_transactional_ids = []
    n0 = len(v0_transactional_ids) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_transactional_ids:
        if x0 is None:
            raise _null_build('string', 'DescribeTransactionsRequest.transactional_ids[]')
        x0_bytes = x0.encode()
        n1 = len(x0_bytes) + 1
        w(_UV[n1] if n1 < 128 else _uv(n1))
        w(x0_bytes)
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _DescribeTransactionsResponse_v0_decode(buf, pos):
    # DescribeTransactionsResponse v0: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at DescribeTransactionsResponse.transaction_states")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'DescribeTransactionsResponse.transaction_states')
    obj['transaction_states'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at DescribeTransactionsResponse.transaction_states[].transactional_id")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('DescribeTransactionsResponse.transaction_states[].transactional_id')
        x1['transactional_id'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at DescribeTransactionsResponse.transaction_states[].transaction_state")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('DescribeTransactionsResponse.transaction_states[].transaction_state')
        x1['transaction_state'] = buf[pos:e3].decode()
        pos = e3
        x1['transaction_timeout_ms'], x1['transaction_start_time_ms'], x1['producer_id'], x1['producer_epoch'] = _unpack_from_iqqh(buf, pos)
        pos += 22
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at DescribeTransactionsResponse.transaction_states[].topics")
        n3 -= 1
        if n3 > end - pos:
            raise _too_many(n3, end - pos, 'DescribeTransactionsResponse.transaction_states[].topics')
        x1['topics'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at DescribeTransactionsResponse.transaction_states[].topics[].topic")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('DescribeTransactionsResponse.transaction_states[].topics[].topic')
            x3['topic'] = buf[pos:e5].decode()
            pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable array at DescribeTransactionsResponse.transaction_states[].topics[].partitions")
            n5 -= 1
            if n5 > end - pos:
                raise _too_many(n5, end - pos, 'DescribeTransactionsResponse.transaction_states[].topics[].partitions')
            x3['partitions'] = list(_unpack_from_i_arrays[n5](buf, pos) if n5 < 32 else _struct_unpack_from('>%di' % n5, buf, pos))
            pos += 4 * n5
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'DescribeTransactionsResponse.transaction_states[].topics[]')
            else:
                pos += 1
            a3.append(x3)
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'DescribeTransactionsResponse.transaction_states[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DescribeTransactionsResponse')
    else:
        pos += 1
    return obj, pos


def _DescribeTransactionsResponse_v0_encode(obj, w):
    # DescribeTransactionsResponse v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_transaction_states = g0('transaction_states')
    if v0_transaction_states is None:
        v0_transaction_states = []
    w(_pack_i(v0_throttle_time_ms))
    n0 = len(v0_transaction_states) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_transaction_states:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_transactional_id = g2('transactional_id')
        if v2_transactional_id is None:
            v2_transactional_id = ''
        v2_transactional_id_bytes = v2_transactional_id.encode()
        w(_pack_h(v2_error_code))
        n2 = len(v2_transactional_id_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_transactional_id_bytes)
        v2_transaction_state = g2('transaction_state')
        if v2_transaction_state is None:
            v2_transaction_state = ''
        v2_transaction_state_bytes = v2_transaction_state.encode()
        n2 = len(v2_transaction_state_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_transaction_state_bytes)
        v2_transaction_timeout_ms = g2('transaction_timeout_ms')
        if v2_transaction_timeout_ms is None:
            v2_transaction_timeout_ms = 0
        v2_transaction_start_time_ms = g2('transaction_start_time_ms')
        if v2_transaction_start_time_ms is None:
            v2_transaction_start_time_ms = 0
        v2_producer_id = g2('producer_id')
        if v2_producer_id is None:
            v2_producer_id = 0
        v2_producer_epoch = g2('producer_epoch')
        if v2_producer_epoch is None:
            v2_producer_epoch = 0
        v2_topics = g2('topics')
        if v2_topics is None:
            v2_topics = []
        w(_pack_iqqh(v2_transaction_timeout_ms, v2_transaction_start_time_ms, v2_producer_id, v2_producer_epoch))
        n2 = len(v2_topics) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_topics:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_topic = g4('topic')
            if v4_topic is None:
                v4_topic = ''
            v4_topic_bytes = v4_topic.encode()
            n4 = len(v4_topic_bytes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_topic_bytes)
            v4_partitions = g4('partitions')
            if v4_partitions is None:
                v4_partitions = []
            n4 = len(v4_partitions) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(_pack_i_arrays[len(v4_partitions)](*v4_partitions) if len(v4_partitions) < 32 else _struct_pack('>%di' % len(v4_partitions), *v4_partitions))
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


def _ListTransactionsRequest_v0_decode(buf, pos):
    # ListTransactionsRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ListTransactionsRequest.state_filters")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'ListTransactionsRequest.state_filters')
    obj['state_filters'] = a1 = []
    for _ in range(n1):
        n2 = buf[pos]
        if n2 > 127:
            n2, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n2:
            raise _Err("null in non-nullable string at ListTransactionsRequest.state_filters[]")
        n2 -= 1
        e2 = pos + n2
        if e2 > end:
            raise _truncated('ListTransactionsRequest.state_filters[]')
        x1 = buf[pos:e2].decode()
        pos = e2
        a1.append(x1)
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ListTransactionsRequest.producer_id_filters")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'ListTransactionsRequest.producer_id_filters')
    obj['producer_id_filters'] = list(_unpack_from_q_arrays[n1](buf, pos) if n1 < 32 else _struct_unpack_from('>%dq' % n1, buf, pos))
    pos += 8 * n1
    obj['duration_filter'] = -1
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ListTransactionsRequest')
    else:
        pos += 1
    return obj, pos


def _ListTransactionsRequest_v0_encode(obj, w):
    # ListTransactionsRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_state_filters = g0('state_filters')
    if v0_state_filters is None:
        v0_state_filters = []
    n0 = len(v0_state_filters) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_state_filters:
        if x0 is None:
            raise _null_build('string', 'ListTransactionsRequest.state_filters[]')
        x0_bytes = x0.encode()
        n1 = len(x0_bytes) + 1
        w(_UV[n1] if n1 < 128 else _uv(n1))
        w(x0_bytes)
    v0_producer_id_filters = g0('producer_id_filters')
    if v0_producer_id_filters is None:
        v0_producer_id_filters = []
    n0 = len(v0_producer_id_filters) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(_pack_q_arrays[len(v0_producer_id_filters)](*v0_producer_id_filters) if len(v0_producer_id_filters) < 32 else _struct_pack('>%dq' % len(v0_producer_id_filters), *v0_producer_id_filters))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ListTransactionsRequest_v1_decode(buf, pos):
    # ListTransactionsRequest v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ListTransactionsRequest.state_filters")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'ListTransactionsRequest.state_filters')
    obj['state_filters'] = a1 = []
    for _ in range(n1):
        n2 = buf[pos]
        if n2 > 127:
            n2, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n2:
            raise _Err("null in non-nullable string at ListTransactionsRequest.state_filters[]")
        n2 -= 1
        e2 = pos + n2
        if e2 > end:
            raise _truncated('ListTransactionsRequest.state_filters[]')
        x1 = buf[pos:e2].decode()
        pos = e2
        a1.append(x1)
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ListTransactionsRequest.producer_id_filters")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'ListTransactionsRequest.producer_id_filters')
    obj['producer_id_filters'] = list(_unpack_from_q_arrays[n1](buf, pos) if n1 < 32 else _struct_unpack_from('>%dq' % n1, buf, pos))
    pos += 8 * n1
    obj['duration_filter'], = _unpack_from_q(buf, pos)
    pos += 8
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ListTransactionsRequest')
    else:
        pos += 1
    return obj, pos


def _ListTransactionsRequest_v1_encode(obj, w):
    # ListTransactionsRequest v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_state_filters = g0('state_filters')
    if v0_state_filters is None:
        v0_state_filters = []
    n0 = len(v0_state_filters) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_state_filters:
        if x0 is None:
            raise _null_build('string', 'ListTransactionsRequest.state_filters[]')
        x0_bytes = x0.encode()
        n1 = len(x0_bytes) + 1
        w(_UV[n1] if n1 < 128 else _uv(n1))
        w(x0_bytes)
    v0_producer_id_filters = g0('producer_id_filters')
    if v0_producer_id_filters is None:
        v0_producer_id_filters = []
    n0 = len(v0_producer_id_filters) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(_pack_q_arrays[len(v0_producer_id_filters)](*v0_producer_id_filters) if len(v0_producer_id_filters) < 32 else _struct_pack('>%dq' % len(v0_producer_id_filters), *v0_producer_id_filters))
    v0_duration_filter = g0('duration_filter')
    if v0_duration_filter is None:
        v0_duration_filter = -1
    w(_pack_q(v0_duration_filter))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _ListTransactionsResponse_v0_decode(buf, pos):
    # ListTransactionsResponse v0: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at ListTransactionsResponse.unknown_state_filters")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'ListTransactionsResponse.unknown_state_filters')
    obj['unknown_state_filters'] = a1 = []
    for _ in range(n1):
        n2 = buf[pos]
        if n2 > 127:
            n2, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n2:
            raise _Err("null in non-nullable string at ListTransactionsResponse.unknown_state_filters[]")
        n2 -= 1
        e2 = pos + n2
        if e2 > end:
            raise _truncated('ListTransactionsResponse.unknown_state_filters[]')
        x1 = buf[pos:e2].decode()
        pos = e2
        a1.append(x1)
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at ListTransactionsResponse.transaction_states")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'ListTransactionsResponse.transaction_states')
    obj['transaction_states'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ListTransactionsResponse.transaction_states[].transactional_id")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ListTransactionsResponse.transaction_states[].transactional_id')
        x1['transactional_id'] = buf[pos:e3].decode()
        pos = e3
        x1['producer_id'], = _unpack_from_q(buf, pos)
        pos += 8
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at ListTransactionsResponse.transaction_states[].transaction_state")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('ListTransactionsResponse.transaction_states[].transaction_state')
        x1['transaction_state'] = buf[pos:e3].decode()
        pos = e3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'ListTransactionsResponse.transaction_states[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'ListTransactionsResponse')
    else:
        pos += 1
    return obj, pos


def _ListTransactionsResponse_v0_encode(obj, w):
    # ListTransactionsResponse v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_unknown_state_filters = g0('unknown_state_filters')
    if v0_unknown_state_filters is None:
        v0_unknown_state_filters = []
    w(_pack_ih(v0_throttle_time_ms, v0_error_code))
    n0 = len(v0_unknown_state_filters) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_unknown_state_filters:
        if x0 is None:
            raise _null_build('string', 'ListTransactionsResponse.unknown_state_filters[]')
        x0_bytes = x0.encode()
        n1 = len(x0_bytes) + 1
        w(_UV[n1] if n1 < 128 else _uv(n1))
        w(x0_bytes)
    v0_transaction_states = g0('transaction_states')
    if v0_transaction_states is None:
        v0_transaction_states = []
    n0 = len(v0_transaction_states) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_transaction_states:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_transactional_id = g2('transactional_id')
        if v2_transactional_id is None:
            v2_transactional_id = ''
        v2_transactional_id_bytes = v2_transactional_id.encode()
        n2 = len(v2_transactional_id_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_transactional_id_bytes)
        v2_producer_id = g2('producer_id')
        if v2_producer_id is None:
            v2_producer_id = 0
        v2_transaction_state = g2('transaction_state')
        if v2_transaction_state is None:
            v2_transaction_state = ''
        v2_transaction_state_bytes = v2_transaction_state.encode()
        w(_pack_q(v2_producer_id))
        n2 = len(v2_transaction_state_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_transaction_state_bytes)
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


def _SaslHandshakeRequest_v0_decode(buf, pos):
    # SaslHandshakeRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        raise _Err("null in non-nullable string at SaslHandshakeRequest.mechanism")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('SaslHandshakeRequest.mechanism')
    obj['mechanism'] = buf[pos:e0].decode()
    pos = e0
    return obj, pos


def _SaslHandshakeRequest_v0_encode(obj, w):
    # SaslHandshakeRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_mechanism = g0('mechanism')
    if v0_mechanism is None:
        v0_mechanism = ''
    v0_mechanism_bytes = v0_mechanism.encode()
    w(_pack_h(len(v0_mechanism_bytes)))
    w(v0_mechanism_bytes)


def _SaslHandshakeResponse_v0_decode(buf, pos):
    # SaslHandshakeResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['error_code'], n0 = _unpack_from_hi(buf, pos)
    pos += 6
    if n0 < 0:
        raise _Err("null in non-nullable array at SaslHandshakeResponse.mechanisms")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'SaslHandshakeResponse.mechanisms')
    obj['mechanisms'] = a0 = []
    for _ in range(n0):
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at SaslHandshakeResponse.mechanisms[]")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('SaslHandshakeResponse.mechanisms[]')
        x0 = buf[pos:e1].decode()
        pos = e1
        a0.append(x0)
    return obj, pos


def _SaslHandshakeResponse_v0_encode(obj, w):
    # SaslHandshakeResponse v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_mechanisms = g0('mechanisms')
    if v0_mechanisms is None:
        v0_mechanisms = []
    w(_pack_hi(v0_error_code, len(v0_mechanisms)))
    for x0 in v0_mechanisms:
        if x0 is None:
            raise _null_build('string', 'SaslHandshakeResponse.mechanisms[]')
        x0_bytes = x0.encode()
        w(_pack_h(len(x0_bytes)))
        w(x0_bytes)


def _SaslAuthenticateRequest_v0_decode(buf, pos):
    # SaslAuthenticateRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable bytes at SaslAuthenticateRequest.auth_bytes")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('SaslAuthenticateRequest.auth_bytes')
    obj['auth_bytes'] = buf[pos:e0]
    pos = e0
    return obj, pos


def _SaslAuthenticateRequest_v0_encode(obj, w):
    # SaslAuthenticateRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_auth_bytes = g0('auth_bytes')
    if v0_auth_bytes is None:
        v0_auth_bytes = b''
    w(_pack_i(len(v0_auth_bytes)))
    w(v0_auth_bytes)


def _SaslAuthenticateRequest_v2_decode(buf, pos):
    # SaslAuthenticateRequest v2: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable bytes at SaslAuthenticateRequest.auth_bytes")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('SaslAuthenticateRequest.auth_bytes')
    obj['auth_bytes'] = buf[pos:e1]
    pos = e1
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'SaslAuthenticateRequest')
    else:
        pos += 1
    return obj, pos


def _SaslAuthenticateRequest_v2_encode(obj, w):
    # SaslAuthenticateRequest v2: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_auth_bytes = g0('auth_bytes')
    if v0_auth_bytes is None:
        v0_auth_bytes = b''
    n0 = len(v0_auth_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_auth_bytes)
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _SaslAuthenticateResponse_v0_decode(buf, pos):
    # SaslAuthenticateResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['error_code'], n0 = _unpack_from_hh(buf, pos)
    pos += 4
    if n0 < 0:
        obj['error_message'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('SaslAuthenticateResponse.error_message')
        obj['error_message'] = buf[pos:e0].decode()
        pos = e0
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable bytes at SaslAuthenticateResponse.auth_bytes")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('SaslAuthenticateResponse.auth_bytes')
    obj['auth_bytes'] = buf[pos:e0]
    pos = e0
    obj['session_lifetime_ms'] = 0
    return obj, pos


def _SaslAuthenticateResponse_v0_encode(obj, w):
    # SaslAuthenticateResponse v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_error_message = g0('error_message', None)
    v0_error_message_bytes = None if v0_error_message is None else v0_error_message.encode()
    w(_pack_hh(v0_error_code, -1 if v0_error_message_bytes is None else len(v0_error_message_bytes)))
    if v0_error_message_bytes is not None:
        w(v0_error_message_bytes)
    v0_auth_bytes = g0('auth_bytes')
    if v0_auth_bytes is None:
        v0_auth_bytes = b''
    w(_pack_i(len(v0_auth_bytes)))
    w(v0_auth_bytes)


def _SaslAuthenticateResponse_v1_decode(buf, pos):
    # SaslAuthenticateResponse v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['error_code'], n0 = _unpack_from_hh(buf, pos)
    pos += 4
    if n0 < 0:
        obj['error_message'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('SaslAuthenticateResponse.error_message')
        obj['error_message'] = buf[pos:e0].decode()
        pos = e0
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable bytes at SaslAuthenticateResponse.auth_bytes")
    e0 = pos + n0
    if e0 > end:
        raise _truncated('SaslAuthenticateResponse.auth_bytes')
    obj['auth_bytes'] = buf[pos:e0]
    pos = e0
    obj['session_lifetime_ms'], = _unpack_from_q(buf, pos)
    pos += 8
    return obj, pos


def _SaslAuthenticateResponse_v1_encode(obj, w):
    # SaslAuthenticateResponse v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_error_message = g0('error_message', None)
    v0_error_message_bytes = None if v0_error_message is None else v0_error_message.encode()
    w(_pack_hh(v0_error_code, -1 if v0_error_message_bytes is None else len(v0_error_message_bytes)))
    if v0_error_message_bytes is not None:
        w(v0_error_message_bytes)
    v0_auth_bytes = g0('auth_bytes')
    if v0_auth_bytes is None:
        v0_auth_bytes = b''
    w(_pack_i(len(v0_auth_bytes)))
    w(v0_auth_bytes)
    v0_session_lifetime_ms = g0('session_lifetime_ms')
    if v0_session_lifetime_ms is None:
        v0_session_lifetime_ms = 0
    w(_pack_q(v0_session_lifetime_ms))


def _SaslAuthenticateResponse_v2_decode(buf, pos):
    # SaslAuthenticateResponse v2: the message at buf[pos:] -> (Container, end position)
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
        obj['error_message'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('SaslAuthenticateResponse.error_message')
        obj['error_message'] = buf[pos:e1].decode()
        pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable bytes at SaslAuthenticateResponse.auth_bytes")
    n1 -= 1
    e1 = pos + n1
    if e1 > end:
        raise _truncated('SaslAuthenticateResponse.auth_bytes')
    obj['auth_bytes'] = buf[pos:e1]
    pos = e1
    obj['session_lifetime_ms'], = _unpack_from_q(buf, pos)
    pos += 8
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'SaslAuthenticateResponse')
    else:
        pos += 1
    return obj, pos


def _SaslAuthenticateResponse_v2_encode(obj, w):
    # SaslAuthenticateResponse v2: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_error_message = g0('error_message', None)
    v0_error_message_bytes = None if v0_error_message is None else v0_error_message.encode()
    w(_pack_h(v0_error_code))
    if v0_error_message_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_error_message_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_error_message_bytes)
    v0_auth_bytes = g0('auth_bytes')
    if v0_auth_bytes is None:
        v0_auth_bytes = b''
    n0 = len(v0_auth_bytes) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    w(v0_auth_bytes)
    v0_session_lifetime_ms = g0('session_lifetime_ms')
    if v0_session_lifetime_ms is None:
        v0_session_lifetime_ms = 0
    w(_pack_q(v0_session_lifetime_ms))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _DescribeAclsRequest_v0_decode(buf, pos):
    # DescribeAclsRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['resource_type_filter'], n0 = _unpack_from_bh(buf, pos)
    pos += 3
    if n0 < 0:
        obj['resource_name_filter'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('DescribeAclsRequest.resource_name_filter')
        obj['resource_name_filter'] = buf[pos:e0].decode()
        pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        obj['principal_filter'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('DescribeAclsRequest.principal_filter')
        obj['principal_filter'] = buf[pos:e0].decode()
        pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        obj['host_filter'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('DescribeAclsRequest.host_filter')
        obj['host_filter'] = buf[pos:e0].decode()
        pos = e0
    obj['operation'], obj['permission_type'] = _unpack_from_bb(buf, pos)
    pos += 2
    obj['pattern_type_filter'] = 3
    return obj, pos


def _DescribeAclsRequest_v0_encode(obj, w):
    # DescribeAclsRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_resource_type_filter = g0('resource_type_filter')
    if v0_resource_type_filter is None:
        v0_resource_type_filter = 0
    v0_resource_name_filter = g0('resource_name_filter', None)
    v0_resource_name_filter_bytes = None if v0_resource_name_filter is None else v0_resource_name_filter.encode()
    w(_pack_bh(v0_resource_type_filter, -1 if v0_resource_name_filter_bytes is None else len(v0_resource_name_filter_bytes)))
    if v0_resource_name_filter_bytes is not None:
        w(v0_resource_name_filter_bytes)
    v0_principal_filter = g0('principal_filter', None)
    v0_principal_filter_bytes = None if v0_principal_filter is None else v0_principal_filter.encode()
    w(_pack_h(-1 if v0_principal_filter_bytes is None else len(v0_principal_filter_bytes)))
    if v0_principal_filter_bytes is not None:
        w(v0_principal_filter_bytes)
    v0_host_filter = g0('host_filter', None)
    v0_host_filter_bytes = None if v0_host_filter is None else v0_host_filter.encode()
    w(_pack_h(-1 if v0_host_filter_bytes is None else len(v0_host_filter_bytes)))
    if v0_host_filter_bytes is not None:
        w(v0_host_filter_bytes)
    v0_operation = g0('operation')
    if v0_operation is None:
        v0_operation = 0
    v0_permission_type = g0('permission_type')
    if v0_permission_type is None:
        v0_permission_type = 0
    w(_pack_bb(v0_operation, v0_permission_type))


def _DescribeAclsRequest_v1_decode(buf, pos):
    # DescribeAclsRequest v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['resource_type_filter'], n0 = _unpack_from_bh(buf, pos)
    pos += 3
    if n0 < 0:
        obj['resource_name_filter'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('DescribeAclsRequest.resource_name_filter')
        obj['resource_name_filter'] = buf[pos:e0].decode()
        pos = e0
    obj['pattern_type_filter'], n0 = _unpack_from_bh(buf, pos)
    pos += 3
    if n0 < 0:
        obj['principal_filter'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('DescribeAclsRequest.principal_filter')
        obj['principal_filter'] = buf[pos:e0].decode()
        pos = e0
    n0, = _unpack_from_h(buf, pos)
    pos += 2
    if n0 < 0:
        obj['host_filter'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('DescribeAclsRequest.host_filter')
        obj['host_filter'] = buf[pos:e0].decode()
        pos = e0
    obj['operation'], obj['permission_type'] = _unpack_from_bb(buf, pos)
    pos += 2
    return obj, pos


def _DescribeAclsRequest_v1_encode(obj, w):
    # DescribeAclsRequest v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_resource_type_filter = g0('resource_type_filter')
    if v0_resource_type_filter is None:
        v0_resource_type_filter = 0
    v0_resource_name_filter = g0('resource_name_filter', None)
    v0_resource_name_filter_bytes = None if v0_resource_name_filter is None else v0_resource_name_filter.encode()
    w(_pack_bh(v0_resource_type_filter, -1 if v0_resource_name_filter_bytes is None else len(v0_resource_name_filter_bytes)))
    if v0_resource_name_filter_bytes is not None:
        w(v0_resource_name_filter_bytes)
    v0_pattern_type_filter = g0('pattern_type_filter')
    if v0_pattern_type_filter is None:
        v0_pattern_type_filter = 3
    v0_principal_filter = g0('principal_filter', None)
    v0_principal_filter_bytes = None if v0_principal_filter is None else v0_principal_filter.encode()
    w(_pack_bh(v0_pattern_type_filter, -1 if v0_principal_filter_bytes is None else len(v0_principal_filter_bytes)))
    if v0_principal_filter_bytes is not None:
        w(v0_principal_filter_bytes)
    v0_host_filter = g0('host_filter', None)
    v0_host_filter_bytes = None if v0_host_filter is None else v0_host_filter.encode()
    w(_pack_h(-1 if v0_host_filter_bytes is None else len(v0_host_filter_bytes)))
    if v0_host_filter_bytes is not None:
        w(v0_host_filter_bytes)
    v0_operation = g0('operation')
    if v0_operation is None:
        v0_operation = 0
    v0_permission_type = g0('permission_type')
    if v0_permission_type is None:
        v0_permission_type = 0
    w(_pack_bb(v0_operation, v0_permission_type))


def _DescribeAclsRequest_v2_decode(buf, pos):
    # DescribeAclsRequest v2: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['resource_type_filter'], = _unpack_from_b(buf, pos)
    pos += 1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['resource_name_filter'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DescribeAclsRequest.resource_name_filter')
        obj['resource_name_filter'] = buf[pos:e1].decode()
        pos = e1
    obj['pattern_type_filter'], = _unpack_from_b(buf, pos)
    pos += 1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['principal_filter'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DescribeAclsRequest.principal_filter')
        obj['principal_filter'] = buf[pos:e1].decode()
        pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        obj['host_filter'] = None
    else:
        n1 -= 1
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DescribeAclsRequest.host_filter')
        obj['host_filter'] = buf[pos:e1].decode()
        pos = e1
    obj['operation'], obj['permission_type'] = _unpack_from_bb(buf, pos)
    pos += 2
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DescribeAclsRequest')
    else:
        pos += 1
    return obj, pos


def _DescribeAclsRequest_v2_encode(obj, w):
    # DescribeAclsRequest v2: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_resource_type_filter = g0('resource_type_filter')
    if v0_resource_type_filter is None:
        v0_resource_type_filter = 0
    v0_resource_name_filter = g0('resource_name_filter', None)
    v0_resource_name_filter_bytes = None if v0_resource_name_filter is None else v0_resource_name_filter.encode()
    w(_pack_b(v0_resource_type_filter))
    if v0_resource_name_filter_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_resource_name_filter_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_resource_name_filter_bytes)
    v0_pattern_type_filter = g0('pattern_type_filter')
    if v0_pattern_type_filter is None:
        v0_pattern_type_filter = 3
    v0_principal_filter = g0('principal_filter', None)
    v0_principal_filter_bytes = None if v0_principal_filter is None else v0_principal_filter.encode()
    w(_pack_b(v0_pattern_type_filter))
    if v0_principal_filter_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_principal_filter_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_principal_filter_bytes)
    v0_host_filter = g0('host_filter', None)
    v0_host_filter_bytes = None if v0_host_filter is None else v0_host_filter.encode()
    if v0_host_filter_bytes is None:
        w(b'\x00')
    else:
        n0 = len(v0_host_filter_bytes) + 1
        w(_UV[n0] if n0 < 128 else _uv(n0))
        w(v0_host_filter_bytes)
    v0_operation = g0('operation')
    if v0_operation is None:
        v0_operation = 0
    v0_permission_type = g0('permission_type')
    if v0_permission_type is None:
        v0_permission_type = 0
    w(_pack_bb(v0_operation, v0_permission_type))
    u0 = g0('_unknown_tags', None)
    if u0:
        _write_tags(w, sorted(u0.items()))
    else:
        w(b'\x00')  # no tagged fields


def _DescribeAclsResponse_v0_decode(buf, pos):
    # DescribeAclsResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], obj['error_code'], n0 = _unpack_from_ihh(buf, pos)
    pos += 8
    if n0 < 0:
        obj['error_message'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('DescribeAclsResponse.error_message')
        obj['error_message'] = buf[pos:e0].decode()
        pos = e0
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at DescribeAclsResponse.resources")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'DescribeAclsResponse.resources')
    obj['resources'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['resource_type'], n1 = _unpack_from_bh(buf, pos)
        pos += 3
        if n1 < 0:
            raise _Err("null in non-nullable string at DescribeAclsResponse.resources[].resource_name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DescribeAclsResponse.resources[].resource_name')
        x0['resource_name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at DescribeAclsResponse.resources[].acls")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'DescribeAclsResponse.resources[].acls')
        x0['acls'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                raise _Err("null in non-nullable string at DescribeAclsResponse.resources[].acls[].principal")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DescribeAclsResponse.resources[].acls[].principal')
            x1['principal'] = buf[pos:e2].decode()
            pos = e2
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                raise _Err("null in non-nullable string at DescribeAclsResponse.resources[].acls[].host")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DescribeAclsResponse.resources[].acls[].host')
            x1['host'] = buf[pos:e2].decode()
            pos = e2
            x1['operation'], x1['permission_type'] = _unpack_from_bb(buf, pos)
            pos += 2
            a1.append(x1)
        x0['pattern_type'] = 3
        a0.append(x0)
    return obj, pos


def _DescribeAclsResponse_v0_encode(obj, w):
    # DescribeAclsResponse v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_error_message = g0('error_message', None)
    v0_error_message_bytes = None if v0_error_message is None else v0_error_message.encode()
    w(_pack_ihh(v0_throttle_time_ms, v0_error_code, -1 if v0_error_message_bytes is None else len(v0_error_message_bytes)))
    if v0_error_message_bytes is not None:
        w(v0_error_message_bytes)
    v0_resources = g0('resources')
    if v0_resources is None:
        v0_resources = []
    w(_pack_i(len(v0_resources)))
    for x0 in v0_resources:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_resource_type = g2('resource_type')
        if v2_resource_type is None:
            v2_resource_type = 0
        v2_resource_name = g2('resource_name')
        if v2_resource_name is None:
            v2_resource_name = ''
        v2_resource_name_bytes = v2_resource_name.encode()
        w(_pack_bh(v2_resource_type, len(v2_resource_name_bytes)))
        w(v2_resource_name_bytes)
        v2_acls = g2('acls')
        if v2_acls is None:
            v2_acls = []
        w(_pack_i(len(v2_acls)))
        for x2 in v2_acls:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_principal = g4('principal')
            if v4_principal is None:
                v4_principal = ''
            v4_principal_bytes = v4_principal.encode()
            w(_pack_h(len(v4_principal_bytes)))
            w(v4_principal_bytes)
            v4_host = g4('host')
            if v4_host is None:
                v4_host = ''
            v4_host_bytes = v4_host.encode()
            w(_pack_h(len(v4_host_bytes)))
            w(v4_host_bytes)
            v4_operation = g4('operation')
            if v4_operation is None:
                v4_operation = 0
            v4_permission_type = g4('permission_type')
            if v4_permission_type is None:
                v4_permission_type = 0
            w(_pack_bb(v4_operation, v4_permission_type))


def _DescribeAclsResponse_v1_decode(buf, pos):
    # DescribeAclsResponse v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], obj['error_code'], n0 = _unpack_from_ihh(buf, pos)
    pos += 8
    if n0 < 0:
        obj['error_message'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('DescribeAclsResponse.error_message')
        obj['error_message'] = buf[pos:e0].decode()
        pos = e0
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at DescribeAclsResponse.resources")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'DescribeAclsResponse.resources')
    obj['resources'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['resource_type'], n1 = _unpack_from_bh(buf, pos)
        pos += 3
        if n1 < 0:
            raise _Err("null in non-nullable string at DescribeAclsResponse.resources[].resource_name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('DescribeAclsResponse.resources[].resource_name')
        x0['resource_name'] = buf[pos:e1].decode()
        pos = e1
        x0['pattern_type'], n1 = _unpack_from_bi(buf, pos)
        pos += 5
        if n1 < 0:
            raise _Err("null in non-nullable array at DescribeAclsResponse.resources[].acls")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'DescribeAclsResponse.resources[].acls')
        x0['acls'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                raise _Err("null in non-nullable string at DescribeAclsResponse.resources[].acls[].principal")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DescribeAclsResponse.resources[].acls[].principal')
            x1['principal'] = buf[pos:e2].decode()
            pos = e2
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                raise _Err("null in non-nullable string at DescribeAclsResponse.resources[].acls[].host")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DescribeAclsResponse.resources[].acls[].host')
            x1['host'] = buf[pos:e2].decode()
            pos = e2
            x1['operation'], x1['permission_type'] = _unpack_from_bb(buf, pos)
            pos += 2
            a1.append(x1)
        a0.append(x0)
    return obj, pos


def _DescribeAclsResponse_v1_encode(obj, w):
    # DescribeAclsResponse v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_error_code = g0('error_code')
    if v0_error_code is None:
        v0_error_code = 0
    v0_error_message = g0('error_message', None)
    v0_error_message_bytes = None if v0_error_message is None else v0_error_message.encode()
    w(_pack_ihh(v0_throttle_time_ms, v0_error_code, -1 if v0_error_message_bytes is None else len(v0_error_message_bytes)))
    if v0_error_message_bytes is not None:
        w(v0_error_message_bytes)
    v0_resources = g0('resources')
    if v0_resources is None:
        v0_resources = []
    w(_pack_i(len(v0_resources)))
    for x0 in v0_resources:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_resource_type = g2('resource_type')
        if v2_resource_type is None:
            v2_resource_type = 0
        v2_resource_name = g2('resource_name')
        if v2_resource_name is None:
            v2_resource_name = ''
        v2_resource_name_bytes = v2_resource_name.encode()
        w(_pack_bh(v2_resource_type, len(v2_resource_name_bytes)))
        w(v2_resource_name_bytes)
        v2_pattern_type = g2('pattern_type')
        if v2_pattern_type is None:
            v2_pattern_type = 3
        v2_acls = g2('acls')
        if v2_acls is None:
            v2_acls = []
        w(_pack_bi(v2_pattern_type, len(v2_acls)))
        for x2 in v2_acls:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_principal = g4('principal')
            if v4_principal is None:
                v4_principal = ''
            v4_principal_bytes = v4_principal.encode()
            w(_pack_h(len(v4_principal_bytes)))
            w(v4_principal_bytes)
            v4_host = g4('host')
            if v4_host is None:
                v4_host = ''
            v4_host_bytes = v4_host.encode()
            w(_pack_h(len(v4_host_bytes)))
            w(v4_host_bytes)
            v4_operation = g4('operation')
            if v4_operation is None:
                v4_operation = 0
            v4_permission_type = g4('permission_type')
            if v4_permission_type is None:
                v4_permission_type = 0
            w(_pack_bb(v4_operation, v4_permission_type))


def _DescribeAclsResponse_v2_decode(buf, pos):
    # DescribeAclsResponse v2: the message at buf[pos:] -> (Container, end position)
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
            raise _truncated('DescribeAclsResponse.error_message')
        obj['error_message'] = buf[pos:e1].decode()
        pos = e1
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at DescribeAclsResponse.resources")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'DescribeAclsResponse.resources')
    obj['resources'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['resource_type'], = _unpack_from_b(buf, pos)
        pos += 1
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at DescribeAclsResponse.resources[].resource_name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('DescribeAclsResponse.resources[].resource_name')
        x1['resource_name'] = buf[pos:e3].decode()
        pos = e3
        x1['pattern_type'], = _unpack_from_b(buf, pos)
        pos += 1
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at DescribeAclsResponse.resources[].acls")
        n3 -= 1
        if n3 > end - pos:
            raise _too_many(n3, end - pos, 'DescribeAclsResponse.resources[].acls')
        x1['acls'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at DescribeAclsResponse.resources[].acls[].principal")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('DescribeAclsResponse.resources[].acls[].principal')
            x3['principal'] = buf[pos:e5].decode()
            pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at DescribeAclsResponse.resources[].acls[].host")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('DescribeAclsResponse.resources[].acls[].host')
            x3['host'] = buf[pos:e5].decode()
            pos = e5
            x3['operation'], x3['permission_type'] = _unpack_from_bb(buf, pos)
            pos += 2
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'DescribeAclsResponse.resources[].acls[]')
            else:
                pos += 1
            a3.append(x3)
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'DescribeAclsResponse.resources[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DescribeAclsResponse')
    else:
        pos += 1
    return obj, pos


def _DescribeAclsResponse_v2_encode(obj, w):
    # DescribeAclsResponse v2: passes the bytes of obj, in pieces, to w
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
    v0_resources = g0('resources')
    if v0_resources is None:
        v0_resources = []
    n0 = len(v0_resources) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_resources:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_resource_type = g2('resource_type')
        if v2_resource_type is None:
            v2_resource_type = 0
        v2_resource_name = g2('resource_name')
        if v2_resource_name is None:
            v2_resource_name = ''
        v2_resource_name_bytes = v2_resource_name.encode()
        w(_pack_b(v2_resource_type))
        n2 = len(v2_resource_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_resource_name_bytes)
        v2_pattern_type = g2('pattern_type')
        if v2_pattern_type is None:
            v2_pattern_type = 3
        v2_acls = g2('acls')
        if v2_acls is None:
            v2_acls = []
        w(_pack_b(v2_pattern_type))
        n2 = len(v2_acls) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_acls:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_principal = g4('principal')
            if v4_principal is None:
                v4_principal = ''
            v4_principal_bytes = v4_principal.encode()
            n4 = len(v4_principal_bytes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_principal_bytes)
            v4_host = g4('host')
            if v4_host is None:
                v4_host = ''
            v4_host_bytes = v4_host.encode()
            n4 = len(v4_host_bytes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_host_bytes)
            v4_operation = g4('operation')
            if v4_operation is None:
                v4_operation = 0
            v4_permission_type = g4('permission_type')
            if v4_permission_type is None:
                v4_permission_type = 0
            w(_pack_bb(v4_operation, v4_permission_type))
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


def _CreateAclsRequest_v0_decode(buf, pos):
    # CreateAclsRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at CreateAclsRequest.creations")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'CreateAclsRequest.creations')
    obj['creations'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['resource_type'], n1 = _unpack_from_bh(buf, pos)
        pos += 3
        if n1 < 0:
            raise _Err("null in non-nullable string at CreateAclsRequest.creations[].resource_name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('CreateAclsRequest.creations[].resource_name')
        x0['resource_name'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at CreateAclsRequest.creations[].principal")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('CreateAclsRequest.creations[].principal')
        x0['principal'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at CreateAclsRequest.creations[].host")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('CreateAclsRequest.creations[].host')
        x0['host'] = buf[pos:e1].decode()
        pos = e1
        x0['operation'], x0['permission_type'] = _unpack_from_bb(buf, pos)
        pos += 2
        x0['resource_pattern_type'] = 3
        a0.append(x0)
    return obj, pos


def _CreateAclsRequest_v0_encode(obj, w):
    # CreateAclsRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_creations = g0('creations')
    if v0_creations is None:
        v0_creations = []
    w(_pack_i(len(v0_creations)))
    for x0 in v0_creations:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_resource_type = g2('resource_type')
        if v2_resource_type is None:
            v2_resource_type = 0
        v2_resource_name = g2('resource_name')
        if v2_resource_name is None:
            v2_resource_name = ''
        v2_resource_name_bytes = v2_resource_name.encode()
        w(_pack_bh(v2_resource_type, len(v2_resource_name_bytes)))
        w(v2_resource_name_bytes)
        v2_principal = g2('principal')
        if v2_principal is None:
            v2_principal = ''
        v2_principal_bytes = v2_principal.encode()
        w(_pack_h(len(v2_principal_bytes)))
        w(v2_principal_bytes)
        v2_host = g2('host')
        if v2_host is None:
            v2_host = ''
        v2_host_bytes = v2_host.encode()
        w(_pack_h(len(v2_host_bytes)))
        w(v2_host_bytes)
        v2_operation = g2('operation')
        if v2_operation is None:
            v2_operation = 0
        v2_permission_type = g2('permission_type')
        if v2_permission_type is None:
            v2_permission_type = 0
        w(_pack_bb(v2_operation, v2_permission_type))


def _CreateAclsRequest_v1_decode(buf, pos):
    # CreateAclsRequest v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at CreateAclsRequest.creations")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'CreateAclsRequest.creations')
    obj['creations'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['resource_type'], n1 = _unpack_from_bh(buf, pos)
        pos += 3
        if n1 < 0:
            raise _Err("null in non-nullable string at CreateAclsRequest.creations[].resource_name")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('CreateAclsRequest.creations[].resource_name')
        x0['resource_name'] = buf[pos:e1].decode()
        pos = e1
        x0['resource_pattern_type'], n1 = _unpack_from_bh(buf, pos)
        pos += 3
        if n1 < 0:
            raise _Err("null in non-nullable string at CreateAclsRequest.creations[].principal")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('CreateAclsRequest.creations[].principal')
        x0['principal'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at CreateAclsRequest.creations[].host")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('CreateAclsRequest.creations[].host')
        x0['host'] = buf[pos:e1].decode()
        pos = e1
        x0['operation'], x0['permission_type'] = _unpack_from_bb(buf, pos)
        pos += 2
        a0.append(x0)
    return obj, pos


def _CreateAclsRequest_v1_encode(obj, w):
    # CreateAclsRequest v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_creations = g0('creations')
    if v0_creations is None:
        v0_creations = []
    w(_pack_i(len(v0_creations)))
    for x0 in v0_creations:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_resource_type = g2('resource_type')
        if v2_resource_type is None:
            v2_resource_type = 0
        v2_resource_name = g2('resource_name')
        if v2_resource_name is None:
            v2_resource_name = ''
        v2_resource_name_bytes = v2_resource_name.encode()
        w(_pack_bh(v2_resource_type, len(v2_resource_name_bytes)))
        w(v2_resource_name_bytes)
        v2_resource_pattern_type = g2('resource_pattern_type')
        if v2_resource_pattern_type is None:
            v2_resource_pattern_type = 3
        v2_principal = g2('principal')
        if v2_principal is None:
            v2_principal = ''
        v2_principal_bytes = v2_principal.encode()
        w(_pack_bh(v2_resource_pattern_type, len(v2_principal_bytes)))
        w(v2_principal_bytes)
        v2_host = g2('host')
        if v2_host is None:
            v2_host = ''
        v2_host_bytes = v2_host.encode()
        w(_pack_h(len(v2_host_bytes)))
        w(v2_host_bytes)
        v2_operation = g2('operation')
        if v2_operation is None:
            v2_operation = 0
        v2_permission_type = g2('permission_type')
        if v2_permission_type is None:
            v2_permission_type = 0
        w(_pack_bb(v2_operation, v2_permission_type))


def _CreateAclsRequest_v2_decode(buf, pos):
    # CreateAclsRequest v2: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at CreateAclsRequest.creations")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'CreateAclsRequest.creations')
    obj['creations'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['resource_type'], = _unpack_from_b(buf, pos)
        pos += 1
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at CreateAclsRequest.creations[].resource_name")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('CreateAclsRequest.creations[].resource_name')
        x1['resource_name'] = buf[pos:e3].decode()
        pos = e3
        x1['resource_pattern_type'], = _unpack_from_b(buf, pos)
        pos += 1
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at CreateAclsRequest.creations[].principal")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('CreateAclsRequest.creations[].principal')
        x1['principal'] = buf[pos:e3].decode()
        pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable string at CreateAclsRequest.creations[].host")
        n3 -= 1
        e3 = pos + n3
        if e3 > end:
            raise _truncated('CreateAclsRequest.creations[].host')
        x1['host'] = buf[pos:e3].decode()
        pos = e3
        x1['operation'], x1['permission_type'] = _unpack_from_bb(buf, pos)
        pos += 2
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'CreateAclsRequest.creations[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'CreateAclsRequest')
    else:
        pos += 1
    return obj, pos


def _CreateAclsRequest_v2_encode(obj, w):
    # CreateAclsRequest v2: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_creations = g0('creations')
    if v0_creations is None:
        v0_creations = []
    n0 = len(v0_creations) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_creations:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_resource_type = g2('resource_type')
        if v2_resource_type is None:
            v2_resource_type = 0
        v2_resource_name = g2('resource_name')
        if v2_resource_name is None:
            v2_resource_name = ''
        v2_resource_name_bytes = v2_resource_name.encode()
        w(_pack_b(v2_resource_type))
        n2 = len(v2_resource_name_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_resource_name_bytes)
        v2_resource_pattern_type = g2('resource_pattern_type')
        if v2_resource_pattern_type is None:
            v2_resource_pattern_type = 3
        v2_principal = g2('principal')
        if v2_principal is None:
            v2_principal = ''
        v2_principal_bytes = v2_principal.encode()
        w(_pack_b(v2_resource_pattern_type))
        n2 = len(v2_principal_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_principal_bytes)
        v2_host = g2('host')
        if v2_host is None:
            v2_host = ''
        v2_host_bytes = v2_host.encode()
        n2 = len(v2_host_bytes) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        w(v2_host_bytes)
        v2_operation = g2('operation')
        if v2_operation is None:
            v2_operation = 0
        v2_permission_type = g2('permission_type')
        if v2_permission_type is None:
            v2_permission_type = 0
        w(_pack_bb(v2_operation, v2_permission_type))
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


def _CreateAclsResponse_v0_decode(buf, pos):
    # CreateAclsResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at CreateAclsResponse.results")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'CreateAclsResponse.results')
    obj['results'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['error_code'], n1 = _unpack_from_hh(buf, pos)
        pos += 4
        if n1 < 0:
            x0['error_message'] = None
        else:
            e1 = pos + n1
            if e1 > end:
                raise _truncated('CreateAclsResponse.results[].error_message')
            x0['error_message'] = buf[pos:e1].decode()
            pos = e1
        a0.append(x0)
    return obj, pos


def _CreateAclsResponse_v0_encode(obj, w):
    # CreateAclsResponse v0: passes the bytes of obj, in pieces, to w
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
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_error_message = g2('error_message', None)
        v2_error_message_bytes = None if v2_error_message is None else v2_error_message.encode()
        w(_pack_hh(v2_error_code, -1 if v2_error_message_bytes is None else len(v2_error_message_bytes)))
        if v2_error_message_bytes is not None:
            w(v2_error_message_bytes)


def _CreateAclsResponse_v2_decode(buf, pos):
    # CreateAclsResponse v2: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at CreateAclsResponse.results")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'CreateAclsResponse.results')
    obj['results'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
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
                raise _truncated('CreateAclsResponse.results[].error_message')
            x1['error_message'] = buf[pos:e3].decode()
            pos = e3
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'CreateAclsResponse.results[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'CreateAclsResponse')
    else:
        pos += 1
    return obj, pos


def _CreateAclsResponse_v2_encode(obj, w):
    # CreateAclsResponse v2: passes the bytes of obj, in pieces, to w
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
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_error_message = g2('error_message', None)
        v2_error_message_bytes = None if v2_error_message is None else v2_error_message.encode()
        w(_pack_h(v2_error_code))
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


def _DeleteAclsRequest_v0_decode(buf, pos):
    # DeleteAclsRequest v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at DeleteAclsRequest.filters")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'DeleteAclsRequest.filters')
    obj['filters'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['resource_type_filter'], n1 = _unpack_from_bh(buf, pos)
        pos += 3
        if n1 < 0:
            x0['resource_name_filter'] = None
        else:
            e1 = pos + n1
            if e1 > end:
                raise _truncated('DeleteAclsRequest.filters[].resource_name_filter')
            x0['resource_name_filter'] = buf[pos:e1].decode()
            pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            x0['principal_filter'] = None
        else:
            e1 = pos + n1
            if e1 > end:
                raise _truncated('DeleteAclsRequest.filters[].principal_filter')
            x0['principal_filter'] = buf[pos:e1].decode()
            pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            x0['host_filter'] = None
        else:
            e1 = pos + n1
            if e1 > end:
                raise _truncated('DeleteAclsRequest.filters[].host_filter')
            x0['host_filter'] = buf[pos:e1].decode()
            pos = e1
        x0['operation'], x0['permission_type'] = _unpack_from_bb(buf, pos)
        pos += 2
        x0['pattern_type_filter'] = 3
        a0.append(x0)
    return obj, pos


def _DeleteAclsRequest_v0_encode(obj, w):
    # DeleteAclsRequest v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_filters = g0('filters')
    if v0_filters is None:
        v0_filters = []
    w(_pack_i(len(v0_filters)))
    for x0 in v0_filters:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_resource_type_filter = g2('resource_type_filter')
        if v2_resource_type_filter is None:
            v2_resource_type_filter = 0
        v2_resource_name_filter = g2('resource_name_filter', None)
        v2_resource_name_filter_bytes = None if v2_resource_name_filter is None else v2_resource_name_filter.encode()
        w(_pack_bh(v2_resource_type_filter, -1 if v2_resource_name_filter_bytes is None else len(v2_resource_name_filter_bytes)))
        if v2_resource_name_filter_bytes is not None:
            w(v2_resource_name_filter_bytes)
        v2_principal_filter = g2('principal_filter', None)
        v2_principal_filter_bytes = None if v2_principal_filter is None else v2_principal_filter.encode()
        w(_pack_h(-1 if v2_principal_filter_bytes is None else len(v2_principal_filter_bytes)))
        if v2_principal_filter_bytes is not None:
            w(v2_principal_filter_bytes)
        v2_host_filter = g2('host_filter', None)
        v2_host_filter_bytes = None if v2_host_filter is None else v2_host_filter.encode()
        w(_pack_h(-1 if v2_host_filter_bytes is None else len(v2_host_filter_bytes)))
        if v2_host_filter_bytes is not None:
            w(v2_host_filter_bytes)
        v2_operation = g2('operation')
        if v2_operation is None:
            v2_operation = 0
        v2_permission_type = g2('permission_type')
        if v2_permission_type is None:
            v2_permission_type = 0
        w(_pack_bb(v2_operation, v2_permission_type))


def _DeleteAclsRequest_v1_decode(buf, pos):
    # DeleteAclsRequest v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at DeleteAclsRequest.filters")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'DeleteAclsRequest.filters')
    obj['filters'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['resource_type_filter'], n1 = _unpack_from_bh(buf, pos)
        pos += 3
        if n1 < 0:
            x0['resource_name_filter'] = None
        else:
            e1 = pos + n1
            if e1 > end:
                raise _truncated('DeleteAclsRequest.filters[].resource_name_filter')
            x0['resource_name_filter'] = buf[pos:e1].decode()
            pos = e1
        x0['pattern_type_filter'], n1 = _unpack_from_bh(buf, pos)
        pos += 3
        if n1 < 0:
            x0['principal_filter'] = None
        else:
            e1 = pos + n1
            if e1 > end:
                raise _truncated('DeleteAclsRequest.filters[].principal_filter')
            x0['principal_filter'] = buf[pos:e1].decode()
            pos = e1
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            x0['host_filter'] = None
        else:
            e1 = pos + n1
            if e1 > end:
                raise _truncated('DeleteAclsRequest.filters[].host_filter')
            x0['host_filter'] = buf[pos:e1].decode()
            pos = e1
        x0['operation'], x0['permission_type'] = _unpack_from_bb(buf, pos)
        pos += 2
        a0.append(x0)
    return obj, pos


def _DeleteAclsRequest_v1_encode(obj, w):
    # DeleteAclsRequest v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_filters = g0('filters')
    if v0_filters is None:
        v0_filters = []
    w(_pack_i(len(v0_filters)))
    for x0 in v0_filters:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_resource_type_filter = g2('resource_type_filter')
        if v2_resource_type_filter is None:
            v2_resource_type_filter = 0
        v2_resource_name_filter = g2('resource_name_filter', None)
        v2_resource_name_filter_bytes = None if v2_resource_name_filter is None else v2_resource_name_filter.encode()
        w(_pack_bh(v2_resource_type_filter, -1 if v2_resource_name_filter_bytes is None else len(v2_resource_name_filter_bytes)))
        if v2_resource_name_filter_bytes is not None:
            w(v2_resource_name_filter_bytes)
        v2_pattern_type_filter = g2('pattern_type_filter')
        if v2_pattern_type_filter is None:
            v2_pattern_type_filter = 3
        v2_principal_filter = g2('principal_filter', None)
        v2_principal_filter_bytes = None if v2_principal_filter is None else v2_principal_filter.encode()
        w(_pack_bh(v2_pattern_type_filter, -1 if v2_principal_filter_bytes is None else len(v2_principal_filter_bytes)))
        if v2_principal_filter_bytes is not None:
            w(v2_principal_filter_bytes)
        v2_host_filter = g2('host_filter', None)
        v2_host_filter_bytes = None if v2_host_filter is None else v2_host_filter.encode()
        w(_pack_h(-1 if v2_host_filter_bytes is None else len(v2_host_filter_bytes)))
        if v2_host_filter_bytes is not None:
            w(v2_host_filter_bytes)
        v2_operation = g2('operation')
        if v2_operation is None:
            v2_operation = 0
        v2_permission_type = g2('permission_type')
        if v2_permission_type is None:
            v2_permission_type = 0
        w(_pack_bb(v2_operation, v2_permission_type))


def _DeleteAclsRequest_v2_decode(buf, pos):
    # DeleteAclsRequest v2: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n1 = buf[pos]
    if n1 > 127:
        n1, pos = _uvarint(buf, pos)
    else:
        pos += 1
    if not n1:
        raise _Err("null in non-nullable array at DeleteAclsRequest.filters")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'DeleteAclsRequest.filters')
    obj['filters'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['resource_type_filter'], = _unpack_from_b(buf, pos)
        pos += 1
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            x1['resource_name_filter'] = None
        else:
            n3 -= 1
            e3 = pos + n3
            if e3 > end:
                raise _truncated('DeleteAclsRequest.filters[].resource_name_filter')
            x1['resource_name_filter'] = buf[pos:e3].decode()
            pos = e3
        x1['pattern_type_filter'], = _unpack_from_b(buf, pos)
        pos += 1
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            x1['principal_filter'] = None
        else:
            n3 -= 1
            e3 = pos + n3
            if e3 > end:
                raise _truncated('DeleteAclsRequest.filters[].principal_filter')
            x1['principal_filter'] = buf[pos:e3].decode()
            pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            x1['host_filter'] = None
        else:
            n3 -= 1
            e3 = pos + n3
            if e3 > end:
                raise _truncated('DeleteAclsRequest.filters[].host_filter')
            x1['host_filter'] = buf[pos:e3].decode()
            pos = e3
        x1['operation'], x1['permission_type'] = _unpack_from_bb(buf, pos)
        pos += 2
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'DeleteAclsRequest.filters[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DeleteAclsRequest')
    else:
        pos += 1
    return obj, pos


def _DeleteAclsRequest_v2_encode(obj, w):
    # DeleteAclsRequest v2: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_filters = g0('filters')
    if v0_filters is None:
        v0_filters = []
    n0 = len(v0_filters) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_filters:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_resource_type_filter = g2('resource_type_filter')
        if v2_resource_type_filter is None:
            v2_resource_type_filter = 0
        v2_resource_name_filter = g2('resource_name_filter', None)
        v2_resource_name_filter_bytes = None if v2_resource_name_filter is None else v2_resource_name_filter.encode()
        w(_pack_b(v2_resource_type_filter))
        if v2_resource_name_filter_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_resource_name_filter_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_resource_name_filter_bytes)
        v2_pattern_type_filter = g2('pattern_type_filter')
        if v2_pattern_type_filter is None:
            v2_pattern_type_filter = 3
        v2_principal_filter = g2('principal_filter', None)
        v2_principal_filter_bytes = None if v2_principal_filter is None else v2_principal_filter.encode()
        w(_pack_b(v2_pattern_type_filter))
        if v2_principal_filter_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_principal_filter_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_principal_filter_bytes)
        v2_host_filter = g2('host_filter', None)
        v2_host_filter_bytes = None if v2_host_filter is None else v2_host_filter.encode()
        if v2_host_filter_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_host_filter_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_host_filter_bytes)
        v2_operation = g2('operation')
        if v2_operation is None:
            v2_operation = 0
        v2_permission_type = g2('permission_type')
        if v2_permission_type is None:
            v2_permission_type = 0
        w(_pack_bb(v2_operation, v2_permission_type))
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


def _DeleteAclsResponse_v0_decode(buf, pos):
    # DeleteAclsResponse v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at DeleteAclsResponse.filter_results")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'DeleteAclsResponse.filter_results')
    obj['filter_results'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['error_code'], n1 = _unpack_from_hh(buf, pos)
        pos += 4
        if n1 < 0:
            x0['error_message'] = None
        else:
            e1 = pos + n1
            if e1 > end:
                raise _truncated('DeleteAclsResponse.filter_results[].error_message')
            x0['error_message'] = buf[pos:e1].decode()
            pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at DeleteAclsResponse.filter_results[].matching_acls")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'DeleteAclsResponse.filter_results[].matching_acls')
        x0['matching_acls'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['error_code'], n2 = _unpack_from_hh(buf, pos)
            pos += 4
            if n2 < 0:
                x1['error_message'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('DeleteAclsResponse.filter_results[].matching_acls[].error_message')
                x1['error_message'] = buf[pos:e2].decode()
                pos = e2
            x1['resource_type'], n2 = _unpack_from_bh(buf, pos)
            pos += 3
            if n2 < 0:
                raise _Err("null in non-nullable string at DeleteAclsResponse.filter_results[].matching_acls[].resource_name")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DeleteAclsResponse.filter_results[].matching_acls[].resource_name')
            x1['resource_name'] = buf[pos:e2].decode()
            pos = e2
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                raise _Err("null in non-nullable string at DeleteAclsResponse.filter_results[].matching_acls[].principal")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DeleteAclsResponse.filter_results[].matching_acls[].principal')
            x1['principal'] = buf[pos:e2].decode()
            pos = e2
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                raise _Err("null in non-nullable string at DeleteAclsResponse.filter_results[].matching_acls[].host")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DeleteAclsResponse.filter_results[].matching_acls[].host')
            x1['host'] = buf[pos:e2].decode()
            pos = e2
            x1['operation'], x1['permission_type'] = _unpack_from_bb(buf, pos)
            pos += 2
            x1['pattern_type'] = 3
            a1.append(x1)
        a0.append(x0)
    return obj, pos


def _DeleteAclsResponse_v0_encode(obj, w):
    # DeleteAclsResponse v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_filter_results = g0('filter_results')
    if v0_filter_results is None:
        v0_filter_results = []
    w(_pack_ii(v0_throttle_time_ms, len(v0_filter_results)))
    for x0 in v0_filter_results:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_error_message = g2('error_message', None)
        v2_error_message_bytes = None if v2_error_message is None else v2_error_message.encode()
        w(_pack_hh(v2_error_code, -1 if v2_error_message_bytes is None else len(v2_error_message_bytes)))
        if v2_error_message_bytes is not None:
            w(v2_error_message_bytes)
        v2_matching_acls = g2('matching_acls')
        if v2_matching_acls is None:
            v2_matching_acls = []
        w(_pack_i(len(v2_matching_acls)))
        for x2 in v2_matching_acls:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_error_message = g4('error_message', None)
            v4_error_message_bytes = None if v4_error_message is None else v4_error_message.encode()
            w(_pack_hh(v4_error_code, -1 if v4_error_message_bytes is None else len(v4_error_message_bytes)))
            if v4_error_message_bytes is not None:
                w(v4_error_message_bytes)
            v4_resource_type = g4('resource_type')
            if v4_resource_type is None:
                v4_resource_type = 0
            v4_resource_name = g4('resource_name')
            if v4_resource_name is None:
                v4_resource_name = ''
            v4_resource_name_bytes = v4_resource_name.encode()
            w(_pack_bh(v4_resource_type, len(v4_resource_name_bytes)))
            w(v4_resource_name_bytes)
            v4_principal = g4('principal')
            if v4_principal is None:
                v4_principal = ''
            v4_principal_bytes = v4_principal.encode()
            w(_pack_h(len(v4_principal_bytes)))
            w(v4_principal_bytes)
            v4_host = g4('host')
            if v4_host is None:
                v4_host = ''
            v4_host_bytes = v4_host.encode()
            w(_pack_h(len(v4_host_bytes)))
            w(v4_host_bytes)
            v4_operation = g4('operation')
            if v4_operation is None:
                v4_operation = 0
            v4_permission_type = g4('permission_type')
            if v4_permission_type is None:
                v4_permission_type = 0
            w(_pack_bb(v4_operation, v4_permission_type))


def _DeleteAclsResponse_v1_decode(buf, pos):
    # DeleteAclsResponse v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    obj['throttle_time_ms'], n0 = _unpack_from_ii(buf, pos)
    pos += 8
    if n0 < 0:
        raise _Err("null in non-nullable array at DeleteAclsResponse.filter_results")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'DeleteAclsResponse.filter_results')
    obj['filter_results'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        x0['error_code'], n1 = _unpack_from_hh(buf, pos)
        pos += 4
        if n1 < 0:
            x0['error_message'] = None
        else:
            e1 = pos + n1
            if e1 > end:
                raise _truncated('DeleteAclsResponse.filter_results[].error_message')
            x0['error_message'] = buf[pos:e1].decode()
            pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at DeleteAclsResponse.filter_results[].matching_acls")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'DeleteAclsResponse.filter_results[].matching_acls')
        x0['matching_acls'] = a1 = []
        for _ in range(n1):
            x1 = Container()
            x1['error_code'], n2 = _unpack_from_hh(buf, pos)
            pos += 4
            if n2 < 0:
                x1['error_message'] = None
            else:
                e2 = pos + n2
                if e2 > end:
                    raise _truncated('DeleteAclsResponse.filter_results[].matching_acls[].error_message')
                x1['error_message'] = buf[pos:e2].decode()
                pos = e2
            x1['resource_type'], n2 = _unpack_from_bh(buf, pos)
            pos += 3
            if n2 < 0:
                raise _Err("null in non-nullable string at DeleteAclsResponse.filter_results[].matching_acls[].resource_name")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DeleteAclsResponse.filter_results[].matching_acls[].resource_name')
            x1['resource_name'] = buf[pos:e2].decode()
            pos = e2
            x1['pattern_type'], n2 = _unpack_from_bh(buf, pos)
            pos += 3
            if n2 < 0:
                raise _Err("null in non-nullable string at DeleteAclsResponse.filter_results[].matching_acls[].principal")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DeleteAclsResponse.filter_results[].matching_acls[].principal')
            x1['principal'] = buf[pos:e2].decode()
            pos = e2
            n2, = _unpack_from_h(buf, pos)
            pos += 2
            if n2 < 0:
                raise _Err("null in non-nullable string at DeleteAclsResponse.filter_results[].matching_acls[].host")
            e2 = pos + n2
            if e2 > end:
                raise _truncated('DeleteAclsResponse.filter_results[].matching_acls[].host')
            x1['host'] = buf[pos:e2].decode()
            pos = e2
            x1['operation'], x1['permission_type'] = _unpack_from_bb(buf, pos)
            pos += 2
            a1.append(x1)
        a0.append(x0)
    return obj, pos


def _DeleteAclsResponse_v1_encode(obj, w):
    # DeleteAclsResponse v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_filter_results = g0('filter_results')
    if v0_filter_results is None:
        v0_filter_results = []
    w(_pack_ii(v0_throttle_time_ms, len(v0_filter_results)))
    for x0 in v0_filter_results:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_error_message = g2('error_message', None)
        v2_error_message_bytes = None if v2_error_message is None else v2_error_message.encode()
        w(_pack_hh(v2_error_code, -1 if v2_error_message_bytes is None else len(v2_error_message_bytes)))
        if v2_error_message_bytes is not None:
            w(v2_error_message_bytes)
        v2_matching_acls = g2('matching_acls')
        if v2_matching_acls is None:
            v2_matching_acls = []
        w(_pack_i(len(v2_matching_acls)))
        for x2 in v2_matching_acls:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_error_message = g4('error_message', None)
            v4_error_message_bytes = None if v4_error_message is None else v4_error_message.encode()
            w(_pack_hh(v4_error_code, -1 if v4_error_message_bytes is None else len(v4_error_message_bytes)))
            if v4_error_message_bytes is not None:
                w(v4_error_message_bytes)
            v4_resource_type = g4('resource_type')
            if v4_resource_type is None:
                v4_resource_type = 0
            v4_resource_name = g4('resource_name')
            if v4_resource_name is None:
                v4_resource_name = ''
            v4_resource_name_bytes = v4_resource_name.encode()
            w(_pack_bh(v4_resource_type, len(v4_resource_name_bytes)))
            w(v4_resource_name_bytes)
            v4_pattern_type = g4('pattern_type')
            if v4_pattern_type is None:
                v4_pattern_type = 3
            v4_principal = g4('principal')
            if v4_principal is None:
                v4_principal = ''
            v4_principal_bytes = v4_principal.encode()
            w(_pack_bh(v4_pattern_type, len(v4_principal_bytes)))
            w(v4_principal_bytes)
            v4_host = g4('host')
            if v4_host is None:
                v4_host = ''
            v4_host_bytes = v4_host.encode()
            w(_pack_h(len(v4_host_bytes)))
            w(v4_host_bytes)
            v4_operation = g4('operation')
            if v4_operation is None:
                v4_operation = 0
            v4_permission_type = g4('permission_type')
            if v4_permission_type is None:
                v4_permission_type = 0
            w(_pack_bb(v4_operation, v4_permission_type))


def _DeleteAclsResponse_v2_decode(buf, pos):
    # DeleteAclsResponse v2: the message at buf[pos:] -> (Container, end position)
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
        raise _Err("null in non-nullable array at DeleteAclsResponse.filter_results")
    n1 -= 1
    if n1 > end - pos:
        raise _too_many(n1, end - pos, 'DeleteAclsResponse.filter_results')
    obj['filter_results'] = a1 = []
    for _ in range(n1):
        x1 = Container()
        x1['error_code'], = _unpack_from_h(buf, pos)
        pos += 2
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
                raise _truncated('DeleteAclsResponse.filter_results[].error_message')
            x1['error_message'] = buf[pos:e3].decode()
            pos = e3
        n3 = buf[pos]
        if n3 > 127:
            n3, pos = _uvarint(buf, pos)
        else:
            pos += 1
        if not n3:
            raise _Err("null in non-nullable array at DeleteAclsResponse.filter_results[].matching_acls")
        n3 -= 1
        if n3 > end - pos:
            raise _too_many(n3, end - pos, 'DeleteAclsResponse.filter_results[].matching_acls')
        x1['matching_acls'] = a3 = []
        for _ in range(n3):
            x3 = Container()
            x3['error_code'], = _unpack_from_h(buf, pos)
            pos += 2
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
                    raise _truncated('DeleteAclsResponse.filter_results[].matching_acls[].error_message')
                x3['error_message'] = buf[pos:e5].decode()
                pos = e5
            x3['resource_type'], = _unpack_from_b(buf, pos)
            pos += 1
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at DeleteAclsResponse.filter_results[].matching_acls[].resource_name")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('DeleteAclsResponse.filter_results[].matching_acls[].resource_name')
            x3['resource_name'] = buf[pos:e5].decode()
            pos = e5
            x3['pattern_type'], = _unpack_from_b(buf, pos)
            pos += 1
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at DeleteAclsResponse.filter_results[].matching_acls[].principal")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('DeleteAclsResponse.filter_results[].matching_acls[].principal')
            x3['principal'] = buf[pos:e5].decode()
            pos = e5
            n5 = buf[pos]
            if n5 > 127:
                n5, pos = _uvarint(buf, pos)
            else:
                pos += 1
            if not n5:
                raise _Err("null in non-nullable string at DeleteAclsResponse.filter_results[].matching_acls[].host")
            n5 -= 1
            e5 = pos + n5
            if e5 > end:
                raise _truncated('DeleteAclsResponse.filter_results[].matching_acls[].host')
            x3['host'] = buf[pos:e5].decode()
            pos = e5
            x3['operation'], x3['permission_type'] = _unpack_from_bb(buf, pos)
            pos += 2
            if buf[pos]:  # tagged fields
                pos = _read_tags(buf, pos, x3, _NO_TAGS, 'DeleteAclsResponse.filter_results[].matching_acls[]')
            else:
                pos += 1
            a3.append(x3)
        if buf[pos]:  # tagged fields
            pos = _read_tags(buf, pos, x1, _NO_TAGS, 'DeleteAclsResponse.filter_results[]')
        else:
            pos += 1
        a1.append(x1)
    if buf[pos]:  # tagged fields
        pos = _read_tags(buf, pos, obj, _NO_TAGS, 'DeleteAclsResponse')
    else:
        pos += 1
    return obj, pos


def _DeleteAclsResponse_v2_encode(obj, w):
    # DeleteAclsResponse v2: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_throttle_time_ms = g0('throttle_time_ms')
    if v0_throttle_time_ms is None:
        v0_throttle_time_ms = 0
    v0_filter_results = g0('filter_results')
    if v0_filter_results is None:
        v0_filter_results = []
    w(_pack_i(v0_throttle_time_ms))
    n0 = len(v0_filter_results) + 1
    w(_UV[n0] if n0 < 128 else _uv(n0))
    for x0 in v0_filter_results:
        g2 = x0.get if isinstance(x0, dict) else _getter(x0)
        v2_error_code = g2('error_code')
        if v2_error_code is None:
            v2_error_code = 0
        v2_error_message = g2('error_message', None)
        v2_error_message_bytes = None if v2_error_message is None else v2_error_message.encode()
        w(_pack_h(v2_error_code))
        if v2_error_message_bytes is None:
            w(b'\x00')
        else:
            n2 = len(v2_error_message_bytes) + 1
            w(_UV[n2] if n2 < 128 else _uv(n2))
            w(v2_error_message_bytes)
        v2_matching_acls = g2('matching_acls')
        if v2_matching_acls is None:
            v2_matching_acls = []
        n2 = len(v2_matching_acls) + 1
        w(_UV[n2] if n2 < 128 else _uv(n2))
        for x2 in v2_matching_acls:
            g4 = x2.get if isinstance(x2, dict) else _getter(x2)
            v4_error_code = g4('error_code')
            if v4_error_code is None:
                v4_error_code = 0
            v4_error_message = g4('error_message', None)
            v4_error_message_bytes = None if v4_error_message is None else v4_error_message.encode()
            w(_pack_h(v4_error_code))
            if v4_error_message_bytes is None:
                w(b'\x00')
            else:
                n4 = len(v4_error_message_bytes) + 1
                w(_UV[n4] if n4 < 128 else _uv(n4))
                w(v4_error_message_bytes)
            v4_resource_type = g4('resource_type')
            if v4_resource_type is None:
                v4_resource_type = 0
            v4_resource_name = g4('resource_name')
            if v4_resource_name is None:
                v4_resource_name = ''
            v4_resource_name_bytes = v4_resource_name.encode()
            w(_pack_b(v4_resource_type))
            n4 = len(v4_resource_name_bytes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_resource_name_bytes)
            v4_pattern_type = g4('pattern_type')
            if v4_pattern_type is None:
                v4_pattern_type = 3
            v4_principal = g4('principal')
            if v4_principal is None:
                v4_principal = ''
            v4_principal_bytes = v4_principal.encode()
            w(_pack_b(v4_pattern_type))
            n4 = len(v4_principal_bytes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_principal_bytes)
            v4_host = g4('host')
            if v4_host is None:
                v4_host = ''
            v4_host_bytes = v4_host.encode()
            n4 = len(v4_host_bytes) + 1
            w(_UV[n4] if n4 < 128 else _uv(n4))
            w(v4_host_bytes)
            v4_operation = g4('operation')
            if v4_operation is None:
                v4_operation = 0
            v4_permission_type = g4('permission_type')
            if v4_permission_type is None:
                v4_permission_type = 0
            w(_pack_bb(v4_operation, v4_permission_type))
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


def _ConsumerProtocolSubscription_v0_decode(buf, pos):
    # ConsumerProtocolSubscription v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at ConsumerProtocolSubscription.topics")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'ConsumerProtocolSubscription.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at ConsumerProtocolSubscription.topics[]")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ConsumerProtocolSubscription.topics[]')
        x0 = buf[pos:e1].decode()
        pos = e1
        a0.append(x0)
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        obj['user_data'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('ConsumerProtocolSubscription.user_data')
        obj['user_data'] = buf[pos:e0]
        pos = e0
    obj['owned_partitions'] = []
    obj['generation_id'] = -1
    obj['rack_id'] = None
    return obj, pos


def _ConsumerProtocolSubscription_v0_encode(obj, w):
    # ConsumerProtocolSubscription v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_i(len(v0_topics)))
    for x0 in v0_topics:
        if x0 is None:
            raise _null_build('string', 'ConsumerProtocolSubscription.topics[]')
        x0_bytes = x0.encode()
        w(_pack_h(len(x0_bytes)))
        w(x0_bytes)
    v0_user_data = g0('user_data', None)
    w(_pack_i(-1 if v0_user_data is None else len(v0_user_data)))
    if v0_user_data is not None:
        w(v0_user_data)


def _ConsumerProtocolSubscription_v1_decode(buf, pos):
    # ConsumerProtocolSubscription v1: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at ConsumerProtocolSubscription.topics")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'ConsumerProtocolSubscription.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at ConsumerProtocolSubscription.topics[]")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ConsumerProtocolSubscription.topics[]')
        x0 = buf[pos:e1].decode()
        pos = e1
        a0.append(x0)
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        obj['user_data'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('ConsumerProtocolSubscription.user_data')
        obj['user_data'] = buf[pos:e0]
        pos = e0
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at ConsumerProtocolSubscription.owned_partitions")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'ConsumerProtocolSubscription.owned_partitions')
    obj['owned_partitions'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at ConsumerProtocolSubscription.owned_partitions[].topic")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ConsumerProtocolSubscription.owned_partitions[].topic')
        x0['topic'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at ConsumerProtocolSubscription.owned_partitions[].partitions")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'ConsumerProtocolSubscription.owned_partitions[].partitions')
        x0['partitions'] = list(_unpack_from_i_arrays[n1](buf, pos) if n1 < 32 else _struct_unpack_from('>%di' % n1, buf, pos))
        pos += 4 * n1
        a0.append(x0)
    obj['generation_id'] = -1
    obj['rack_id'] = None
    return obj, pos


def _ConsumerProtocolSubscription_v1_encode(obj, w):
    # ConsumerProtocolSubscription v1: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_i(len(v0_topics)))
    for x0 in v0_topics:
        if x0 is None:
            raise _null_build('string', 'ConsumerProtocolSubscription.topics[]')
        x0_bytes = x0.encode()
        w(_pack_h(len(x0_bytes)))
        w(x0_bytes)
    v0_user_data = g0('user_data', None)
    w(_pack_i(-1 if v0_user_data is None else len(v0_user_data)))
    if v0_user_data is not None:
        w(v0_user_data)
    v0_owned_partitions = g0('owned_partitions')
    if v0_owned_partitions is None:
        v0_owned_partitions = []
    w(_pack_i(len(v0_owned_partitions)))
    for x0 in v0_owned_partitions:
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


def _ConsumerProtocolSubscription_v2_decode(buf, pos):
    # ConsumerProtocolSubscription v2: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at ConsumerProtocolSubscription.topics")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'ConsumerProtocolSubscription.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at ConsumerProtocolSubscription.topics[]")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ConsumerProtocolSubscription.topics[]')
        x0 = buf[pos:e1].decode()
        pos = e1
        a0.append(x0)
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        obj['user_data'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('ConsumerProtocolSubscription.user_data')
        obj['user_data'] = buf[pos:e0]
        pos = e0
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at ConsumerProtocolSubscription.owned_partitions")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'ConsumerProtocolSubscription.owned_partitions')
    obj['owned_partitions'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at ConsumerProtocolSubscription.owned_partitions[].topic")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ConsumerProtocolSubscription.owned_partitions[].topic')
        x0['topic'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at ConsumerProtocolSubscription.owned_partitions[].partitions")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'ConsumerProtocolSubscription.owned_partitions[].partitions')
        x0['partitions'] = list(_unpack_from_i_arrays[n1](buf, pos) if n1 < 32 else _struct_unpack_from('>%di' % n1, buf, pos))
        pos += 4 * n1
        a0.append(x0)
    obj['generation_id'], = _unpack_from_i(buf, pos)
    pos += 4
    obj['rack_id'] = None
    return obj, pos


def _ConsumerProtocolSubscription_v2_encode(obj, w):
    # ConsumerProtocolSubscription v2: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_i(len(v0_topics)))
    for x0 in v0_topics:
        if x0 is None:
            raise _null_build('string', 'ConsumerProtocolSubscription.topics[]')
        x0_bytes = x0.encode()
        w(_pack_h(len(x0_bytes)))
        w(x0_bytes)
    v0_user_data = g0('user_data', None)
    w(_pack_i(-1 if v0_user_data is None else len(v0_user_data)))
    if v0_user_data is not None:
        w(v0_user_data)
    v0_owned_partitions = g0('owned_partitions')
    if v0_owned_partitions is None:
        v0_owned_partitions = []
    w(_pack_i(len(v0_owned_partitions)))
    for x0 in v0_owned_partitions:
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
    v0_generation_id = g0('generation_id')
    if v0_generation_id is None:
        v0_generation_id = -1
    w(_pack_i(v0_generation_id))


def _ConsumerProtocolSubscription_v3_decode(buf, pos):
    # ConsumerProtocolSubscription v3: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at ConsumerProtocolSubscription.topics")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'ConsumerProtocolSubscription.topics')
    obj['topics'] = a0 = []
    for _ in range(n0):
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at ConsumerProtocolSubscription.topics[]")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ConsumerProtocolSubscription.topics[]')
        x0 = buf[pos:e1].decode()
        pos = e1
        a0.append(x0)
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        obj['user_data'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('ConsumerProtocolSubscription.user_data')
        obj['user_data'] = buf[pos:e0]
        pos = e0
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at ConsumerProtocolSubscription.owned_partitions")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'ConsumerProtocolSubscription.owned_partitions')
    obj['owned_partitions'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at ConsumerProtocolSubscription.owned_partitions[].topic")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ConsumerProtocolSubscription.owned_partitions[].topic')
        x0['topic'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at ConsumerProtocolSubscription.owned_partitions[].partitions")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'ConsumerProtocolSubscription.owned_partitions[].partitions')
        x0['partitions'] = list(_unpack_from_i_arrays[n1](buf, pos) if n1 < 32 else _struct_unpack_from('>%di' % n1, buf, pos))
        pos += 4 * n1
        a0.append(x0)
    obj['generation_id'], n0 = _unpack_from_ih(buf, pos)
    pos += 6
    if n0 < 0:
        obj['rack_id'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('ConsumerProtocolSubscription.rack_id')
        obj['rack_id'] = buf[pos:e0].decode()
        pos = e0
    return obj, pos


def _ConsumerProtocolSubscription_v3_encode(obj, w):
    # ConsumerProtocolSubscription v3: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_topics = g0('topics')
    if v0_topics is None:
        v0_topics = []
    w(_pack_i(len(v0_topics)))
    for x0 in v0_topics:
        if x0 is None:
            raise _null_build('string', 'ConsumerProtocolSubscription.topics[]')
        x0_bytes = x0.encode()
        w(_pack_h(len(x0_bytes)))
        w(x0_bytes)
    v0_user_data = g0('user_data', None)
    w(_pack_i(-1 if v0_user_data is None else len(v0_user_data)))
    if v0_user_data is not None:
        w(v0_user_data)
    v0_owned_partitions = g0('owned_partitions')
    if v0_owned_partitions is None:
        v0_owned_partitions = []
    w(_pack_i(len(v0_owned_partitions)))
    for x0 in v0_owned_partitions:
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
    v0_generation_id = g0('generation_id')
    if v0_generation_id is None:
        v0_generation_id = -1
    v0_rack_id = g0('rack_id', None)
    v0_rack_id_bytes = None if v0_rack_id is None else v0_rack_id.encode()
    w(_pack_ih(v0_generation_id, -1 if v0_rack_id_bytes is None else len(v0_rack_id_bytes)))
    if v0_rack_id_bytes is not None:
        w(v0_rack_id_bytes)


def _ConsumerProtocolAssignment_v0_decode(buf, pos):
    # ConsumerProtocolAssignment v0: the message at buf[pos:] -> (Container, end position)
    end = len(buf)
    obj = Container()
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        raise _Err("null in non-nullable array at ConsumerProtocolAssignment.assigned_partitions")
    if n0 > end - pos:
        raise _too_many(n0, end - pos, 'ConsumerProtocolAssignment.assigned_partitions')
    obj['assigned_partitions'] = a0 = []
    for _ in range(n0):
        x0 = Container()
        n1, = _unpack_from_h(buf, pos)
        pos += 2
        if n1 < 0:
            raise _Err("null in non-nullable string at ConsumerProtocolAssignment.assigned_partitions[].topic")
        e1 = pos + n1
        if e1 > end:
            raise _truncated('ConsumerProtocolAssignment.assigned_partitions[].topic')
        x0['topic'] = buf[pos:e1].decode()
        pos = e1
        n1, = _unpack_from_i(buf, pos)
        pos += 4
        if n1 < 0:
            raise _Err("null in non-nullable array at ConsumerProtocolAssignment.assigned_partitions[].partitions")
        if n1 > end - pos:
            raise _too_many(n1, end - pos, 'ConsumerProtocolAssignment.assigned_partitions[].partitions')
        x0['partitions'] = list(_unpack_from_i_arrays[n1](buf, pos) if n1 < 32 else _struct_unpack_from('>%di' % n1, buf, pos))
        pos += 4 * n1
        a0.append(x0)
    n0, = _unpack_from_i(buf, pos)
    pos += 4
    if n0 < 0:
        obj['user_data'] = None
    else:
        e0 = pos + n0
        if e0 > end:
            raise _truncated('ConsumerProtocolAssignment.user_data')
        obj['user_data'] = buf[pos:e0]
        pos = e0
    return obj, pos


def _ConsumerProtocolAssignment_v0_encode(obj, w):
    # ConsumerProtocolAssignment v0: passes the bytes of obj, in pieces, to w
    g0 = obj.get if isinstance(obj, dict) else _getter(obj)
    v0_assigned_partitions = g0('assigned_partitions')
    if v0_assigned_partitions is None:
        v0_assigned_partitions = []
    w(_pack_i(len(v0_assigned_partitions)))
    for x0 in v0_assigned_partitions:
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
    v0_user_data = g0('user_data', None)
    w(_pack_i(-1 if v0_user_data is None else len(v0_user_data)))
    if v0_user_data is not None:
        w(v0_user_data)

_TAGS_CreateTopicsResponse_v5_3 = {0: ('topic_config_error_code', _decode_tag_topic_config_error_code__CreateTopicsResponse_v5_2)}
_TAGS_CreateTopicsResponse_v7_2 = {0: ('topic_config_error_code', _decode_tag_topic_config_error_code__CreateTopicsResponse_v7_1)}


CODECS = {
    '03ac7a474340cbee428b': {
        0: (_MetadataRequest_v0_decode, _MetadataRequest_v0_encode),
        1: (_MetadataRequest_v1_decode, _MetadataRequest_v1_encode),
        2: (_MetadataRequest_v1_decode, _MetadataRequest_v1_encode),
        3: (_MetadataRequest_v1_decode, _MetadataRequest_v1_encode),
        4: (_MetadataRequest_v4_decode, _MetadataRequest_v4_encode),
        5: (_MetadataRequest_v4_decode, _MetadataRequest_v4_encode),
        6: (_MetadataRequest_v4_decode, _MetadataRequest_v4_encode),
        7: (_MetadataRequest_v4_decode, _MetadataRequest_v4_encode),
        8: (_MetadataRequest_v8_decode, _MetadataRequest_v8_encode),
        9: (_MetadataRequest_v9_decode, _MetadataRequest_v9_encode),
        10: (_MetadataRequest_v10_decode, _MetadataRequest_v10_encode),
        11: (_MetadataRequest_v11_decode, _MetadataRequest_v11_encode),
        12: (_MetadataRequest_v11_decode, _MetadataRequest_v11_encode),
        13: (_MetadataRequest_v11_decode, _MetadataRequest_v11_encode),
    },
    'e551f2a71e8c53e9aae9': {
        0: (_MetadataResponse_v0_decode, _MetadataResponse_v0_encode),
        1: (_MetadataResponse_v1_decode, _MetadataResponse_v1_encode),
        2: (_MetadataResponse_v2_decode, _MetadataResponse_v2_encode),
        3: (_MetadataResponse_v3_decode, _MetadataResponse_v3_encode),
        4: (_MetadataResponse_v3_decode, _MetadataResponse_v3_encode),
        5: (_MetadataResponse_v5_decode, _MetadataResponse_v5_encode),
        6: (_MetadataResponse_v5_decode, _MetadataResponse_v5_encode),
        7: (_MetadataResponse_v7_decode, _MetadataResponse_v7_encode),
        8: (_MetadataResponse_v8_decode, _MetadataResponse_v8_encode),
        9: (_MetadataResponse_v9_decode, _MetadataResponse_v9_encode),
        10: (_MetadataResponse_v10_decode, _MetadataResponse_v10_encode),
        11: (_MetadataResponse_v11_decode, _MetadataResponse_v11_encode),
        12: (_MetadataResponse_v12_decode, _MetadataResponse_v12_encode),
        13: (_MetadataResponse_v13_decode, _MetadataResponse_v13_encode),
    },
    'f655d5af9a93db0c2d5b': {
        0: (_DescribeGroupsRequest_v0_decode, _DescribeGroupsRequest_v0_encode),
        1: (_DescribeGroupsRequest_v0_decode, _DescribeGroupsRequest_v0_encode),
        2: (_DescribeGroupsRequest_v0_decode, _DescribeGroupsRequest_v0_encode),
        3: (_DescribeGroupsRequest_v3_decode, _DescribeGroupsRequest_v3_encode),
        4: (_DescribeGroupsRequest_v3_decode, _DescribeGroupsRequest_v3_encode),
        5: (_DescribeGroupsRequest_v5_decode, _DescribeGroupsRequest_v5_encode),
        6: (_DescribeGroupsRequest_v5_decode, _DescribeGroupsRequest_v5_encode),
    },
    'ff9e92fd1e6d314c1e5e': {
        0: (_DescribeGroupsResponse_v0_decode, _DescribeGroupsResponse_v0_encode),
        1: (_DescribeGroupsResponse_v1_decode, _DescribeGroupsResponse_v1_encode),
        2: (_DescribeGroupsResponse_v1_decode, _DescribeGroupsResponse_v1_encode),
        3: (_DescribeGroupsResponse_v3_decode, _DescribeGroupsResponse_v3_encode),
        4: (_DescribeGroupsResponse_v4_decode, _DescribeGroupsResponse_v4_encode),
        5: (_DescribeGroupsResponse_v5_decode, _DescribeGroupsResponse_v5_encode),
        6: (_DescribeGroupsResponse_v6_decode, _DescribeGroupsResponse_v6_encode),
    },
    '4f6c9b985f902f4e693a': {
        0: (_ListGroupsRequest_v0_decode, _ListGroupsRequest_v0_encode),
        1: (_ListGroupsRequest_v0_decode, _ListGroupsRequest_v0_encode),
        2: (_ListGroupsRequest_v0_decode, _ListGroupsRequest_v0_encode),
        3: (_ListGroupsRequest_v3_decode, _ListGroupsRequest_v3_encode),
        4: (_ListGroupsRequest_v4_decode, _ListGroupsRequest_v4_encode),
        5: (_ListGroupsRequest_v5_decode, _ListGroupsRequest_v5_encode),
    },
    '45d5f994d563271a234f': {
        0: (_ListGroupsResponse_v0_decode, _ListGroupsResponse_v0_encode),
        1: (_ListGroupsResponse_v1_decode, _ListGroupsResponse_v1_encode),
        2: (_ListGroupsResponse_v1_decode, _ListGroupsResponse_v1_encode),
        3: (_ListGroupsResponse_v3_decode, _ListGroupsResponse_v3_encode),
        4: (_ListGroupsResponse_v4_decode, _ListGroupsResponse_v4_encode),
        5: (_ListGroupsResponse_v5_decode, _ListGroupsResponse_v5_encode),
    },
    '25d283f2fb17119bbb5a': {
        0: (_CreateTopicsRequest_v0_decode, _CreateTopicsRequest_v0_encode),
        1: (_CreateTopicsRequest_v1_decode, _CreateTopicsRequest_v1_encode),
        2: (_CreateTopicsRequest_v1_decode, _CreateTopicsRequest_v1_encode),
        3: (_CreateTopicsRequest_v1_decode, _CreateTopicsRequest_v1_encode),
        4: (_CreateTopicsRequest_v1_decode, _CreateTopicsRequest_v1_encode),
        5: (_CreateTopicsRequest_v5_decode, _CreateTopicsRequest_v5_encode),
        6: (_CreateTopicsRequest_v5_decode, _CreateTopicsRequest_v5_encode),
        7: (_CreateTopicsRequest_v5_decode, _CreateTopicsRequest_v5_encode),
    },
    'a1542fe3735063fee4c7': {
        0: (_CreateTopicsResponse_v0_decode, _CreateTopicsResponse_v0_encode),
        1: (_CreateTopicsResponse_v1_decode, _CreateTopicsResponse_v1_encode),
        2: (_CreateTopicsResponse_v2_decode, _CreateTopicsResponse_v2_encode),
        3: (_CreateTopicsResponse_v2_decode, _CreateTopicsResponse_v2_encode),
        4: (_CreateTopicsResponse_v2_decode, _CreateTopicsResponse_v2_encode),
        5: (_CreateTopicsResponse_v5_decode, _CreateTopicsResponse_v5_encode),
        6: (_CreateTopicsResponse_v5_decode, _CreateTopicsResponse_v5_encode),
        7: (_CreateTopicsResponse_v7_decode, _CreateTopicsResponse_v7_encode),
    },
    '6faba0b9c8b250fc1ffc': {
        0: (_DeleteTopicsRequest_v0_decode, _DeleteTopicsRequest_v0_encode),
        1: (_DeleteTopicsRequest_v0_decode, _DeleteTopicsRequest_v0_encode),
        2: (_DeleteTopicsRequest_v0_decode, _DeleteTopicsRequest_v0_encode),
        3: (_DeleteTopicsRequest_v0_decode, _DeleteTopicsRequest_v0_encode),
        4: (_DeleteTopicsRequest_v4_decode, _DeleteTopicsRequest_v4_encode),
        5: (_DeleteTopicsRequest_v4_decode, _DeleteTopicsRequest_v4_encode),
        6: (_DeleteTopicsRequest_v6_decode, _DeleteTopicsRequest_v6_encode),
    },
    'ff24e29ef0bafa02590e': {
        0: (_DeleteTopicsResponse_v0_decode, _DeleteTopicsResponse_v0_encode),
        1: (_DeleteTopicsResponse_v1_decode, _DeleteTopicsResponse_v1_encode),
        2: (_DeleteTopicsResponse_v1_decode, _DeleteTopicsResponse_v1_encode),
        3: (_DeleteTopicsResponse_v1_decode, _DeleteTopicsResponse_v1_encode),
        4: (_DeleteTopicsResponse_v4_decode, _DeleteTopicsResponse_v4_encode),
        5: (_DeleteTopicsResponse_v5_decode, _DeleteTopicsResponse_v5_encode),
        6: (_DeleteTopicsResponse_v6_decode, _DeleteTopicsResponse_v6_encode),
    },
    '38ca0761e5d073eb7ee9': {
        0: (_OffsetForLeaderEpochRequest_v0_decode, _OffsetForLeaderEpochRequest_v0_encode),
        1: (_OffsetForLeaderEpochRequest_v0_decode, _OffsetForLeaderEpochRequest_v0_encode),
        2: (_OffsetForLeaderEpochRequest_v2_decode, _OffsetForLeaderEpochRequest_v2_encode),
        3: (_OffsetForLeaderEpochRequest_v3_decode, _OffsetForLeaderEpochRequest_v3_encode),
        4: (_OffsetForLeaderEpochRequest_v4_decode, _OffsetForLeaderEpochRequest_v4_encode),
    },
    '5eef7320d86823ca12f8': {
        0: (_OffsetForLeaderEpochResponse_v0_decode, _OffsetForLeaderEpochResponse_v0_encode),
        1: (_OffsetForLeaderEpochResponse_v1_decode, _OffsetForLeaderEpochResponse_v1_encode),
        2: (_OffsetForLeaderEpochResponse_v2_decode, _OffsetForLeaderEpochResponse_v2_encode),
        3: (_OffsetForLeaderEpochResponse_v2_decode, _OffsetForLeaderEpochResponse_v2_encode),
        4: (_OffsetForLeaderEpochResponse_v4_decode, _OffsetForLeaderEpochResponse_v4_encode),
    },
    '9893d81ca415c61c54e5': {
        0: (_DeleteGroupsRequest_v0_decode, _DeleteGroupsRequest_v0_encode),
        1: (_DeleteGroupsRequest_v0_decode, _DeleteGroupsRequest_v0_encode),
        2: (_DeleteGroupsRequest_v2_decode, _DeleteGroupsRequest_v2_encode),
    },
    '9c68a22f7b542486fc5b': {
        0: (_DeleteGroupsResponse_v0_decode, _DeleteGroupsResponse_v0_encode),
        1: (_DeleteGroupsResponse_v0_decode, _DeleteGroupsResponse_v0_encode),
        2: (_DeleteGroupsResponse_v2_decode, _DeleteGroupsResponse_v2_encode),
    },
    '8aeb1ebfc0b31b5e2718': {
        0: (_OffsetDeleteRequest_v0_decode, _OffsetDeleteRequest_v0_encode),
    },
    'f9565b8af7ca2b2373c7': {
        0: (_OffsetDeleteResponse_v0_decode, _OffsetDeleteResponse_v0_encode),
    },
    '7c97b7ca9b8a5f330d2d': {
        0: (_ConsumerGroupDescribeRequest_v0_decode, _ConsumerGroupDescribeRequest_v0_encode),
        1: (_ConsumerGroupDescribeRequest_v0_decode, _ConsumerGroupDescribeRequest_v0_encode),
    },
    'e72b4ed27f6621c4e482': {
        0: (_ConsumerGroupDescribeResponse_v0_decode, _ConsumerGroupDescribeResponse_v0_encode),
        1: (_ConsumerGroupDescribeResponse_v1_decode, _ConsumerGroupDescribeResponse_v1_encode),
    },
    '6ff2ec3f827150fe96e2': {
        1: (_ShareGroupDescribeRequest_v1_decode, _ShareGroupDescribeRequest_v1_encode),
    },
    'b4660c1516985d715595': {
        1: (_ShareGroupDescribeResponse_v1_decode, _ShareGroupDescribeResponse_v1_encode),
    },
    'c63d0f8d11f50ce1d1d5': {
        0: (_DeleteRecordsRequest_v0_decode, _DeleteRecordsRequest_v0_encode),
        1: (_DeleteRecordsRequest_v0_decode, _DeleteRecordsRequest_v0_encode),
        2: (_DeleteRecordsRequest_v2_decode, _DeleteRecordsRequest_v2_encode),
    },
    'aa2917db1cdf9916d901': {
        0: (_DeleteRecordsResponse_v0_decode, _DeleteRecordsResponse_v0_encode),
        1: (_DeleteRecordsResponse_v0_decode, _DeleteRecordsResponse_v0_encode),
        2: (_DeleteRecordsResponse_v2_decode, _DeleteRecordsResponse_v2_encode),
    },
    'bba8b3012f2199bd6b9d': {
        0: (_DescribeConfigsRequest_v0_decode, _DescribeConfigsRequest_v0_encode),
        1: (_DescribeConfigsRequest_v1_decode, _DescribeConfigsRequest_v1_encode),
        2: (_DescribeConfigsRequest_v1_decode, _DescribeConfigsRequest_v1_encode),
        3: (_DescribeConfigsRequest_v3_decode, _DescribeConfigsRequest_v3_encode),
        4: (_DescribeConfigsRequest_v4_decode, _DescribeConfigsRequest_v4_encode),
    },
    '0856e1a8710f03f60750': {
        0: (_DescribeConfigsResponse_v0_decode, _DescribeConfigsResponse_v0_encode),
        1: (_DescribeConfigsResponse_v1_decode, _DescribeConfigsResponse_v1_encode),
        2: (_DescribeConfigsResponse_v1_decode, _DescribeConfigsResponse_v1_encode),
        3: (_DescribeConfigsResponse_v3_decode, _DescribeConfigsResponse_v3_encode),
        4: (_DescribeConfigsResponse_v4_decode, _DescribeConfigsResponse_v4_encode),
    },
    '371f5b8a0941ed88d5ac': {
        0: (_AlterConfigsRequest_v0_decode, _AlterConfigsRequest_v0_encode),
        1: (_AlterConfigsRequest_v0_decode, _AlterConfigsRequest_v0_encode),
        2: (_AlterConfigsRequest_v2_decode, _AlterConfigsRequest_v2_encode),
    },
    '5875a731883fd7ca59d2': {
        0: (_AlterConfigsResponse_v0_decode, _AlterConfigsResponse_v0_encode),
        1: (_AlterConfigsResponse_v0_decode, _AlterConfigsResponse_v0_encode),
        2: (_AlterConfigsResponse_v2_decode, _AlterConfigsResponse_v2_encode),
    },
    'acb7383b73178c531952': {
        0: (_DescribeLogDirsRequest_v0_decode, _DescribeLogDirsRequest_v0_encode),
        1: (_DescribeLogDirsRequest_v0_decode, _DescribeLogDirsRequest_v0_encode),
        2: (_DescribeLogDirsRequest_v2_decode, _DescribeLogDirsRequest_v2_encode),
        3: (_DescribeLogDirsRequest_v2_decode, _DescribeLogDirsRequest_v2_encode),
        4: (_DescribeLogDirsRequest_v2_decode, _DescribeLogDirsRequest_v2_encode),
    },
    'dd78fa2fab91e91450bc': {
        0: (_DescribeLogDirsResponse_v0_decode, _DescribeLogDirsResponse_v0_encode),
        1: (_DescribeLogDirsResponse_v0_decode, _DescribeLogDirsResponse_v0_encode),
        2: (_DescribeLogDirsResponse_v2_decode, _DescribeLogDirsResponse_v2_encode),
        3: (_DescribeLogDirsResponse_v3_decode, _DescribeLogDirsResponse_v3_encode),
        4: (_DescribeLogDirsResponse_v4_decode, _DescribeLogDirsResponse_v4_encode),
    },
    '1d9bf45a91a55f217398': {
        0: (_CreatePartitionsRequest_v0_decode, _CreatePartitionsRequest_v0_encode),
        1: (_CreatePartitionsRequest_v0_decode, _CreatePartitionsRequest_v0_encode),
        2: (_CreatePartitionsRequest_v2_decode, _CreatePartitionsRequest_v2_encode),
        3: (_CreatePartitionsRequest_v2_decode, _CreatePartitionsRequest_v2_encode),
    },
    '11df8bd304d36e02eebb': {
        0: (_CreatePartitionsResponse_v0_decode, _CreatePartitionsResponse_v0_encode),
        1: (_CreatePartitionsResponse_v0_decode, _CreatePartitionsResponse_v0_encode),
        2: (_CreatePartitionsResponse_v2_decode, _CreatePartitionsResponse_v2_encode),
        3: (_CreatePartitionsResponse_v2_decode, _CreatePartitionsResponse_v2_encode),
    },
    'd967551b4c9a749703ff': {
        0: (_IncrementalAlterConfigsRequest_v0_decode, _IncrementalAlterConfigsRequest_v0_encode),
        1: (_IncrementalAlterConfigsRequest_v1_decode, _IncrementalAlterConfigsRequest_v1_encode),
    },
    '9115688833ff02f25e6a': {
        0: (_IncrementalAlterConfigsResponse_v0_decode, _IncrementalAlterConfigsResponse_v0_encode),
        1: (_IncrementalAlterConfigsResponse_v1_decode, _IncrementalAlterConfigsResponse_v1_encode),
    },
    'b6f5fa5ac2c79c958000': {
        0: (_DescribeClusterRequest_v0_decode, _DescribeClusterRequest_v0_encode),
        1: (_DescribeClusterRequest_v1_decode, _DescribeClusterRequest_v1_encode),
        2: (_DescribeClusterRequest_v2_decode, _DescribeClusterRequest_v2_encode),
    },
    '10f6bf0ec498eeaf3cdd': {
        0: (_DescribeClusterResponse_v0_decode, _DescribeClusterResponse_v0_encode),
        1: (_DescribeClusterResponse_v1_decode, _DescribeClusterResponse_v1_encode),
        2: (_DescribeClusterResponse_v2_decode, _DescribeClusterResponse_v2_encode),
    },
    '22662ea94b4134f8313f': {
        0: (_DescribeProducersRequest_v0_decode, _DescribeProducersRequest_v0_encode),
    },
    '0364b28b786c3a60fefc': {
        0: (_DescribeProducersResponse_v0_decode, _DescribeProducersResponse_v0_encode),
    },
    '400444a8e68819c6fba6': {
        0: (_DescribeTransactionsRequest_v0_decode, _DescribeTransactionsRequest_v0_encode),
    },
    '4ccac18d2ec65c648af0': {
        0: (_DescribeTransactionsResponse_v0_decode, _DescribeTransactionsResponse_v0_encode),
    },
    'ddf133ef9e7f8092e15b': {
        0: (_ListTransactionsRequest_v0_decode, _ListTransactionsRequest_v0_encode),
        1: (_ListTransactionsRequest_v1_decode, _ListTransactionsRequest_v1_encode),
    },
    '5aeaa0aaecdf95f90526': {
        0: (_ListTransactionsResponse_v0_decode, _ListTransactionsResponse_v0_encode),
        1: (_ListTransactionsResponse_v0_decode, _ListTransactionsResponse_v0_encode),
    },
    '2227de6f6a670e477155': {
        0: (_SaslHandshakeRequest_v0_decode, _SaslHandshakeRequest_v0_encode),
        1: (_SaslHandshakeRequest_v0_decode, _SaslHandshakeRequest_v0_encode),
    },
    'a05ce924375ea04fe252': {
        0: (_SaslHandshakeResponse_v0_decode, _SaslHandshakeResponse_v0_encode),
        1: (_SaslHandshakeResponse_v0_decode, _SaslHandshakeResponse_v0_encode),
    },
    'd6b76fa8f92c6f46861e': {
        0: (_SaslAuthenticateRequest_v0_decode, _SaslAuthenticateRequest_v0_encode),
        1: (_SaslAuthenticateRequest_v0_decode, _SaslAuthenticateRequest_v0_encode),
        2: (_SaslAuthenticateRequest_v2_decode, _SaslAuthenticateRequest_v2_encode),
    },
    '2f1ee973f3d8084adbfb': {
        0: (_SaslAuthenticateResponse_v0_decode, _SaslAuthenticateResponse_v0_encode),
        1: (_SaslAuthenticateResponse_v1_decode, _SaslAuthenticateResponse_v1_encode),
        2: (_SaslAuthenticateResponse_v2_decode, _SaslAuthenticateResponse_v2_encode),
    },
    'a8f0932220148b111908': {
        0: (_DescribeAclsRequest_v0_decode, _DescribeAclsRequest_v0_encode),
        1: (_DescribeAclsRequest_v1_decode, _DescribeAclsRequest_v1_encode),
        2: (_DescribeAclsRequest_v2_decode, _DescribeAclsRequest_v2_encode),
        3: (_DescribeAclsRequest_v2_decode, _DescribeAclsRequest_v2_encode),
    },
    '4955bbd647af9f7de4e3': {
        0: (_DescribeAclsResponse_v0_decode, _DescribeAclsResponse_v0_encode),
        1: (_DescribeAclsResponse_v1_decode, _DescribeAclsResponse_v1_encode),
        2: (_DescribeAclsResponse_v2_decode, _DescribeAclsResponse_v2_encode),
        3: (_DescribeAclsResponse_v2_decode, _DescribeAclsResponse_v2_encode),
    },
    'cae2945de313b22f79ec': {
        0: (_CreateAclsRequest_v0_decode, _CreateAclsRequest_v0_encode),
        1: (_CreateAclsRequest_v1_decode, _CreateAclsRequest_v1_encode),
        2: (_CreateAclsRequest_v2_decode, _CreateAclsRequest_v2_encode),
        3: (_CreateAclsRequest_v2_decode, _CreateAclsRequest_v2_encode),
    },
    'e4fa058f46b60b98d488': {
        0: (_CreateAclsResponse_v0_decode, _CreateAclsResponse_v0_encode),
        1: (_CreateAclsResponse_v0_decode, _CreateAclsResponse_v0_encode),
        2: (_CreateAclsResponse_v2_decode, _CreateAclsResponse_v2_encode),
        3: (_CreateAclsResponse_v2_decode, _CreateAclsResponse_v2_encode),
    },
    '72824a6a781e1d92b020': {
        0: (_DeleteAclsRequest_v0_decode, _DeleteAclsRequest_v0_encode),
        1: (_DeleteAclsRequest_v1_decode, _DeleteAclsRequest_v1_encode),
        2: (_DeleteAclsRequest_v2_decode, _DeleteAclsRequest_v2_encode),
        3: (_DeleteAclsRequest_v2_decode, _DeleteAclsRequest_v2_encode),
    },
    'd15068414cde0c136a23': {
        0: (_DeleteAclsResponse_v0_decode, _DeleteAclsResponse_v0_encode),
        1: (_DeleteAclsResponse_v1_decode, _DeleteAclsResponse_v1_encode),
        2: (_DeleteAclsResponse_v2_decode, _DeleteAclsResponse_v2_encode),
        3: (_DeleteAclsResponse_v2_decode, _DeleteAclsResponse_v2_encode),
    },
    '05cf4fd342fc184c5d68': {
        0: (_ConsumerProtocolSubscription_v0_decode, _ConsumerProtocolSubscription_v0_encode),
        1: (_ConsumerProtocolSubscription_v1_decode, _ConsumerProtocolSubscription_v1_encode),
        2: (_ConsumerProtocolSubscription_v2_decode, _ConsumerProtocolSubscription_v2_encode),
        3: (_ConsumerProtocolSubscription_v3_decode, _ConsumerProtocolSubscription_v3_encode),
    },
    '70f95abb2b3e7e622b79': {
        0: (_ConsumerProtocolAssignment_v0_decode, _ConsumerProtocolAssignment_v0_encode),
        1: (_ConsumerProtocolAssignment_v0_decode, _ConsumerProtocolAssignment_v0_encode),
        2: (_ConsumerProtocolAssignment_v0_decode, _ConsumerProtocolAssignment_v0_encode),
        3: (_ConsumerProtocolAssignment_v0_decode, _ConsumerProtocolAssignment_v0_encode),
    },
}
