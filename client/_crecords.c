/* client._crecords: the client's hot loops in C (loaded by client/accel.py): the consumer's
 * record decoder (client/records.py `_parse_records`), the producer's record encoder
 * (protocol/records.py `append_record`) and the partitioner's murmur2.
 *
 * An optional accelerator: setup.py builds it with `optional=True`, and client/records.py falls
 * back to the pure-Python decoder when it is missing (or when KBROKER_PURE_PYTHON=1). Both
 * decoders have the same contract, checked by tests/client/test_records_decoders.py:
 *   parse_records(body, count, topic, partition, base_offset, base_ts, log_append, max_ts,
 *                 epoch, start, kd, vd, out) -> None
 * appends a ConsumerRecord per record at offset >= start to `out`; raises IndexError when the
 * body ends inside a record, CorruptRecordError (protocol.records) for a varint over 10 bytes,
 * a negative length other than -1 or bytes left after the last record, UnicodeDecodeError for a
 * header key that is not UTF-8, and whatever the deserializers raise.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

static PyObject *CorruptRecordError = NULL; /* protocol.records.CorruptRecordError */
static PyTypeObject *ConsumerRecordType = NULL; /* client.structs.ConsumerRecord */
static PyObject *EmptyTuple = NULL;

typedef struct {
    const unsigned char *buf;
    Py_ssize_t len;
    Py_ssize_t pos; /* may run past len after a length that overruns the body, as a Python slice */
} Reader;

static int truncated(void) {
    PyErr_SetString(PyExc_IndexError, "record data ends inside a record");
    return -1;
}

/* A zigzag varint of up to 10 bytes (bits past 64 dropped, as a Java varlong). */
static inline int read_varint(Reader *r, int64_t *out) {
    uint64_t raw = 0;
    int shift = 0;
    for (int i = 0; i < 10; i++) {
        if (r->pos >= r->len || r->pos < 0)
            return truncated();
        unsigned char b = r->buf[r->pos++];
        raw |= (uint64_t)(b & 0x7F) << shift;
        if (b < 0x80) {
            *out = (int64_t)((raw >> 1) ^ (~(raw & 1) + 1));
            return 0;
        }
        shift += 7;
    }
    PyErr_SetString(CorruptRecordError, "varint longer than 10 bytes");
    return -1;
}

/* Bytes of a varint length (-1: None); a slice that overruns the body is cut short, as Python's. */
static PyObject *read_bytes(Reader *r, int allow_null, const char *what) {
    int64_t n;
    if (read_varint(r, &n) < 0)
        return NULL;
    if (n < 0) {
        if (n == -1 && allow_null)
            Py_RETURN_NONE;
        PyErr_Format(CorruptRecordError, "negative %s length %lld", what, (long long)n);
        return NULL;
    }
    Py_ssize_t avail = r->len - r->pos;
    if (avail < 0)
        avail = 0;
    if ((uint64_t)n > (uint64_t)avail) {
        PyObject *cut = PyBytes_FromStringAndSize((const char *)r->buf + r->pos, avail);
        r->pos = r->len + 1; /* past the end: the next read raises IndexError */
        return cut;
    }
    PyObject *b = PyBytes_FromStringAndSize((const char *)r->buf + r->pos, (Py_ssize_t)n);
    r->pos += (Py_ssize_t)n;
    return b;
}

static PyObject *int_sum(int64_t a, int64_t b) {
    int64_t s;
    if (!__builtin_add_overflow(a, b, &s))
        return PyLong_FromLongLong(s);
    PyObject *pa = PyLong_FromLongLong(a), *pb = PyLong_FromLongLong(b), *res = NULL;
    if (pa && pb)
        res = PyNumber_Add(pa, pb);
    Py_XDECREF(pa);
    Py_XDECREF(pb);
    return res;
}

static PyObject *read_headers(Reader *r) {
    int64_t count;
    if (read_varint(r, &count) < 0)
        return NULL;
    PyObject *list = PyList_New(0);
    if (list == NULL)
        return NULL;
    for (int64_t i = 0; i < count; i++) {
        int64_t n;
        if (read_varint(r, &n) < 0)
            goto fail;
        if (n < 0) {
            PyErr_Format(CorruptRecordError, "negative header key length %lld", (long long)n);
            goto fail;
        }
        Py_ssize_t avail = r->len - r->pos;
        if (avail < 0)
            avail = 0;
        Py_ssize_t take = (uint64_t)n > (uint64_t)avail ? avail : (Py_ssize_t)n;
        PyObject *hkey = PyUnicode_DecodeUTF8((const char *)r->buf + r->pos, take, NULL);
        if (hkey == NULL)
            goto fail;
        r->pos = take < n ? r->len + 1 : r->pos + take;
        PyObject *hvalue = read_bytes(r, 1, "header value");
        if (hvalue == NULL) {
            Py_DECREF(hkey);
            goto fail;
        }
        PyObject *pair = PyTuple_Pack(2, hkey, hvalue);
        Py_DECREF(hkey);
        Py_DECREF(hvalue);
        if (pair == NULL || PyList_Append(list, pair) < 0) {
            Py_XDECREF(pair);
            goto fail;
        }
        Py_DECREF(pair);
    }
    PyObject *t = PyList_AsTuple(list);
    Py_DECREF(list);
    return t;
fail:
    Py_DECREF(list);
    return NULL;
}

static PyObject *call_or_keep(PyObject *fn, PyObject *v) {
    if (fn == Py_None)
        return v;
    PyObject *res = PyObject_CallOneArg(fn, v);
    Py_DECREF(v);
    return res;
}

static PyObject *parse_records(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 13) {
        PyErr_SetString(PyExc_TypeError, "parse_records takes 13 arguments");
        return NULL;
    }
    PyObject *body = args[0], *topic = args[2], *partition = args[3], *epoch = args[8];
    PyObject *kd = args[10], *vd = args[11], *out = args[12];
    long long count = PyLong_AsLongLong(args[1]);
    long long base_offset = PyLong_AsLongLong(args[4]);
    long long base_ts = PyLong_AsLongLong(args[5]);
    int log_append = PyObject_IsTrue(args[6]);
    PyObject *max_ts = args[7];
    long long start = PyLong_AsLongLong(args[9]);
    if (PyErr_Occurred() || log_append < 0)
        return NULL;
    if (!PyList_Check(out)) {
        PyErr_SetString(PyExc_TypeError, "out must be a list");
        return NULL;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(body, &view, PyBUF_SIMPLE) < 0)
        return NULL;
    Reader r = {(const unsigned char *)view.buf, view.len, 0};
    PyObject *ts_type = PyLong_FromLong(log_append ? 1 : 0);
    for (long long i = 0; i < count; i++) {
        int64_t skip, ts_delta, offset_delta;
        if (read_varint(&r, &skip) < 0) /* the record's length: the fields tell where it ends */
            goto fail;
        r.pos += 1; /* attributes (unused) */
        if (read_varint(&r, &ts_delta) < 0 || read_varint(&r, &offset_delta) < 0)
            goto fail;
        PyObject *key = read_bytes(&r, 1, "key");
        if (key == NULL)
            goto fail;
        PyObject *value = read_bytes(&r, 1, "value");
        if (value == NULL) {
            Py_DECREF(key);
            goto fail;
        }
        PyObject *headers;
        if (r.pos < r.len && r.pos >= 0 && r.buf[r.pos] == 0) {
            r.pos += 1;
            headers = Py_NewRef(EmptyTuple);
        } else {
            headers = read_headers(&r);
        }
        if (headers == NULL) {
            Py_DECREF(key);
            Py_DECREF(value);
            goto fail;
        }
        __int128 offset = (__int128)base_offset + offset_delta;
        if (offset < start) {
            Py_DECREF(key);
            Py_DECREF(value);
            Py_DECREF(headers);
            continue;
        }
        PyObject *off = int_sum(base_offset, offset_delta);
        PyObject *ts = off == NULL ? NULL : log_append ? Py_NewRef(max_ts) : int_sum(base_ts, ts_delta);
        if (ts != NULL)
            key = call_or_keep(kd, key); /* consumes key */
        else
            Py_CLEAR(key);
        if (key != NULL)
            value = call_or_keep(vd, value); /* consumes value */
        else
            Py_CLEAR(value);
        PyObject *rec = value == NULL ? NULL : ConsumerRecordType->tp_alloc(ConsumerRecordType, 9);
        if (rec == NULL) {
            Py_XDECREF(off);
            Py_XDECREF(ts);
            Py_XDECREF(key);
            Py_XDECREF(value);
            Py_DECREF(headers);
            goto fail;
        }
        PyTuple_SET_ITEM(rec, 0, Py_NewRef(topic));
        PyTuple_SET_ITEM(rec, 1, Py_NewRef(partition));
        PyTuple_SET_ITEM(rec, 2, off);
        PyTuple_SET_ITEM(rec, 3, ts);
        PyTuple_SET_ITEM(rec, 4, Py_NewRef(ts_type));
        PyTuple_SET_ITEM(rec, 5, key);
        PyTuple_SET_ITEM(rec, 6, value);
        PyTuple_SET_ITEM(rec, 7, headers);
        PyTuple_SET_ITEM(rec, 8, Py_NewRef(epoch));
        int err = PyList_Append(out, rec);
        Py_DECREF(rec);
        if (err < 0)
            goto fail;
    }
    Py_DECREF(ts_type);
    if (r.pos != r.len) {
        PyErr_Format(CorruptRecordError, "%zd bytes left after the records of a batch", r.len - r.pos);
        PyBuffer_Release(&view);
        return NULL;
    }
    PyBuffer_Release(&view);
    Py_RETURN_NONE;
fail:
    Py_DECREF(ts_type);
    PyBuffer_Release(&view);
    return NULL;
}

/* --- the producer: protocol/records.py `append_record` in C ------------------------------ */

static inline int varint_size(uint64_t z) {
    int n = 1;
    while (z >= 0x80) {
        z >>= 7;
        n++;
    }
    return n;
}

static inline uint64_t zigzag(int64_t v) { return ((uint64_t)v << 1) ^ (uint64_t)(v >> 63); }

static inline unsigned char *put_varint(unsigned char *p, uint64_t z) {
    while (z >= 0x80) {
        *p++ = (unsigned char)((z & 0x7F) | 0x80);
        z >>= 7;
    }
    *p++ = (unsigned char)z;
    return p;
}

typedef struct {
    Py_buffer view;
    int present;
} Field;

static int get_field(PyObject *obj, Field *f) {
    f->present = obj != Py_None;
    if (!f->present)
        return 0;
    return PyObject_GetBuffer(obj, &f->view, PyBUF_SIMPLE);
}

static void release_field(Field *f) {
    if (f->present)
        PyBuffer_Release(&f->view);
}

static Py_ssize_t field_size(Field *f) {
    return f->present ? varint_size(zigzag(f->view.len)) + f->view.len : 1;
}

static unsigned char *put_field(unsigned char *p, Field *f) {
    if (!f->present) {
        *p++ = 1; /* zigzag(-1): null */
        return p;
    }
    p = put_varint(p, zigzag(f->view.len));
    memcpy(p, f->view.buf, f->view.len);
    return p + f->view.len;
}

static PyObject *append_record(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs < 5 || nargs > 6) {
        PyErr_SetString(PyExc_TypeError, "append_record takes 5 or 6 arguments");
        return NULL;
    }
    PyObject *out = args[0];
    if (!PyByteArray_Check(out)) {
        PyErr_SetString(PyExc_TypeError, "append_record needs a bytearray");
        return NULL;
    }
    int64_t offset_delta = PyLong_AsLongLong(args[1]);
    int64_t ts_delta = PyLong_AsLongLong(args[2]);
    if (PyErr_Occurred())
        return NULL;
    PyObject *headers = nargs == 6 ? args[5] : NULL;
    PyObject *hseq = NULL;
    Py_ssize_t nh = 0;
    if (headers != NULL && headers != Py_None) {
        hseq = PySequence_Fast(headers, "headers must be an iterable of (str, bytes | None)");
        if (hseq == NULL)
            return NULL;
        nh = PySequence_Fast_GET_SIZE(hseq);
    }
    Field key, value;
    key.present = value.present = 0;
    Field *hvals = NULL;
    const char **hkeys = NULL;
    Py_ssize_t *hklens = NULL, nh_ok = 0;
    PyObject *result = NULL;
    if (get_field(args[3], &key) < 0) {
        key.present = 0;
        goto done;
    }
    if (get_field(args[4], &value) < 0) {
        value.present = 0;
        goto done;
    }
    Py_ssize_t size = 1 + varint_size(zigzag(ts_delta)) + varint_size(zigzag(offset_delta)) +
                      field_size(&key) + field_size(&value) + varint_size(zigzag(nh));
    if (nh) {
        hvals = PyMem_Calloc(nh, sizeof(Field));
        hkeys = PyMem_Calloc(nh, sizeof(char *));
        hklens = PyMem_Calloc(nh, sizeof(Py_ssize_t));
        if (hvals == NULL || hkeys == NULL || hklens == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        for (; nh_ok < nh; nh_ok++) {
            PyObject *pair = PySequence_Fast_GET_ITEM(hseq, nh_ok);
            if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
                PyErr_SetString(PyExc_TypeError, "a header is a (str, bytes | None) pair");
                goto done;
            }
            hkeys[nh_ok] = PyUnicode_AsUTF8AndSize(PyTuple_GET_ITEM(pair, 0), &hklens[nh_ok]);
            if (hkeys[nh_ok] == NULL || get_field(PyTuple_GET_ITEM(pair, 1), &hvals[nh_ok]) < 0) {
                hvals[nh_ok].present = 0;
                goto done;
            }
            size += varint_size(zigzag(hklens[nh_ok])) + hklens[nh_ok] + field_size(&hvals[nh_ok]);
        }
    }
    Py_ssize_t total = varint_size(zigzag(size)) + size;
    Py_ssize_t old = PyByteArray_GET_SIZE(out);
    if (PyByteArray_Resize(out, old + total) < 0)
        goto done;
    unsigned char *p = (unsigned char *)PyByteArray_AS_STRING(out) + old;
    p = put_varint(p, zigzag(size));
    *p++ = 0; /* attributes */
    p = put_varint(p, zigzag(ts_delta));
    p = put_varint(p, zigzag(offset_delta));
    p = put_field(p, &key);
    p = put_field(p, &value);
    p = put_varint(p, zigzag(nh));
    for (Py_ssize_t i = 0; i < nh; i++) {
        p = put_varint(p, zigzag(hklens[i]));
        memcpy(p, hkeys[i], hklens[i]);
        p += hklens[i];
        p = put_field(p, &hvals[i]);
    }
    result = PyLong_FromSsize_t(total);
done:
    release_field(&key);
    release_field(&value);
    for (Py_ssize_t i = 0; i < nh_ok; i++)
        release_field(&hvals[i]);
    PyMem_Free(hvals);
    PyMem_Free(hkeys);
    PyMem_Free(hklens);
    Py_XDECREF(hseq);
    return result;
}

/* Kafka's Utils.murmur2 (32-bit MurmurHash2, seed 0x9747b28c) as a signed int32, as
 * client/partitioner.py's pure-Python murmur2. */
static PyObject *murmur2(PyObject *self, PyObject *arg) {
    Py_buffer view;
    if (PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE) < 0)
        return NULL;
    const unsigned char *data = view.buf;
    Py_ssize_t length = view.len;
    const uint32_t m = 0x5bd1e995;
    uint32_t h = 0x9747b28cu ^ (uint32_t)length;
    Py_ssize_t end = length & ~(Py_ssize_t)3;
    for (Py_ssize_t i = 0; i < end; i += 4) {
        uint32_t k = (uint32_t)data[i] | ((uint32_t)data[i + 1] << 8) | ((uint32_t)data[i + 2] << 16) |
                     ((uint32_t)data[i + 3] << 24);
        k *= m;
        k ^= k >> 24;
        k *= m;
        h = (h * m) ^ k;
    }
    switch (length & 3) {
    case 3:
        h ^= (uint32_t)data[end + 2] << 16;
        /* fall through */
    case 2:
        h ^= (uint32_t)data[end + 1] << 8;
        /* fall through */
    case 1:
        h ^= data[end];
        h *= m;
    }
    h ^= h >> 13;
    h *= m;
    h ^= h >> 15;
    PyBuffer_Release(&view);
    return PyLong_FromLong((long)(int32_t)h);
}

static PyMethodDef methods[] = {
    {"append_record", (PyCFunction)(void (*)(void))append_record, METH_FASTCALL,
     "Append one encoded record to a bytearray (see protocol/records.py append_record)."},
    {"murmur2", murmur2, METH_O, "Kafka's murmur2 of bytes, a signed int32 (see client/partitioner.py)."},
    {"parse_records", (PyCFunction)(void (*)(void))parse_records, METH_FASTCALL,
     "Decode the records of a RecordBatch v2 body into ConsumerRecords (see client/records.py)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "client._crecords", NULL, -1, methods};

PyMODINIT_FUNC PyInit__crecords(void) {
    PyObject *records = PyImport_ImportModule("protocol.records");
    if (records == NULL)
        return NULL;
    CorruptRecordError = PyObject_GetAttrString(records, "CorruptRecordError");
    Py_DECREF(records);
    PyObject *structs = PyImport_ImportModule("client.structs");
    if (structs == NULL)
        return NULL;
    PyObject *cr = PyObject_GetAttrString(structs, "ConsumerRecord");
    Py_DECREF(structs);
    if (CorruptRecordError == NULL || cr == NULL)
        return NULL;
    if (!PyType_Check(cr) || !PyType_IsSubtype((PyTypeObject *)cr, &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "ConsumerRecord must be a tuple subclass");
        return NULL;
    }
    ConsumerRecordType = (PyTypeObject *)cr;
    EmptyTuple = PyTuple_New(0);
    if (EmptyTuple == NULL)
        return NULL;
    return PyModule_Create(&module);
}
