/* jobs._cscan: the per-record loop of the columnar decoder (jobs/columnar.py `_scan_c`) in C.
 *
 * The records of a run of batches lie end to end in one buffer. Where each record starts depends
 * on the previous one's length, so finding them is a loop over the records; in Python it is half
 * of the decoder's time. This does that loop, decodes each record's varint fields and gives its
 * key an id, in one pass:
 *
 *   scan(buf, bounds, out, keys, next_id, new_keys) -> None
 *
 * buf: the records sections; bounds: int64 (start, end, count) per batch; out: a writable int64
 * buffer of 7 rows of n (the sum of the counts) values: timestamp delta, offset delta, key start,
 * key length, value start, value length (-1: null), key id; keys: a dict bytes -> key id, where a
 * key not in it gets next_id, next_id + 1, ... and is appended to the list new_keys.
 * Raises ValueError (the caller then decodes record by record) where jobs/columnar.py's Python
 * scan `_scan_py` does not decode either: a record that does not fill its length exactly, runs
 * past its batch, has a varint over 10 bytes, a length under -1, or headers.
 *
 * Optional: setup.py builds it with `optional=True`; without it (or with KBROKER_PURE_PYTHON=1)
 * the decoder runs `_scan_py`, and tests/jobs/test_scan.py checks that both agree.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

/* A zigzag varint of up to 10 bytes before `end` (bits past 64 dropped, as a Java varlong);
 * 0, or -1 when it runs past `end` or is longer than 10 bytes. */
static inline int read_varint(const unsigned char *buf, Py_ssize_t end, Py_ssize_t *pos, int64_t *out) {
    uint64_t raw = 0;
    int shift = 0;
    Py_ssize_t p = *pos;
    for (int i = 0; i < 10; i++) {
        if (p >= end)
            return -1;
        unsigned char b = buf[p++];
        raw |= (uint64_t)(b & 0x7F) << shift;
        if (b < 0x80) {
            *out = (int64_t)((raw >> 1) ^ (~(raw & 1) + 1));
            *pos = p;
            return 0;
        }
        shift += 7;
    }
    return -1;
}

static PyObject *not_fast(const char *why) {
    PyErr_SetString(PyExc_ValueError, why);
    return NULL;
}

static PyObject *scan(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 6) {
        PyErr_SetString(PyExc_TypeError, "scan(buf, bounds, out, keys, next_id, new_keys)");
        return NULL;
    }
    PyObject *keys = args[3], *new_keys = args[5];
    if (!PyDict_Check(keys) || !PyList_Check(new_keys)) {
        PyErr_SetString(PyExc_TypeError, "keys must be a dict, new_keys a list");
        return NULL;
    }
    long long next_id = PyLong_AsLongLong(args[4]);
    if (next_id == -1 && PyErr_Occurred())
        return NULL;
    Py_buffer vbuf, vbounds, vout;
    if (PyObject_GetBuffer(args[0], &vbuf, PyBUF_SIMPLE) < 0)
        return NULL;
    if (PyObject_GetBuffer(args[1], &vbounds, PyBUF_SIMPLE) < 0) {
        PyBuffer_Release(&vbuf);
        return NULL;
    }
    if (PyObject_GetBuffer(args[2], &vout, PyBUF_WRITABLE) < 0) {
        PyBuffer_Release(&vbuf);
        PyBuffer_Release(&vbounds);
        return NULL;
    }
    PyObject *result = NULL;
    const unsigned char *buf = (const unsigned char *)vbuf.buf;
    const int64_t *bounds = (const int64_t *)vbounds.buf;
    Py_ssize_t nb = vbounds.len / (Py_ssize_t)(3 * sizeof(int64_t));
    Py_ssize_t n = vout.len / (Py_ssize_t)(7 * sizeof(int64_t));
    int64_t *out = (int64_t *)vout.buf;
    int64_t *ts = out, *od = out + n, *ks = out + 2 * n, *kl = out + 3 * n, *vs = out + 4 * n;
    int64_t *vl = out + 5 * n, *kid = out + 6 * n;
    Py_ssize_t j = 0;
    for (Py_ssize_t b = 0; b < nb; b++) {
        Py_ssize_t pos = (Py_ssize_t)bounds[3 * b], end = (Py_ssize_t)bounds[3 * b + 1];
        int64_t count = bounds[3 * b + 2];
        if (pos < 0 || end > vbuf.len || pos > end) {
            not_fast("batch bounds outside the buffer");
            goto done;
        }
        for (int64_t r = 0; r < count; r++) {
            int64_t len, v, k, h;
            if (j >= n) {
                not_fast("more records than the output holds");
                goto done;
            }
            if (read_varint(buf, end, &pos, &len) < 0) {
                not_fast("record runs past its batch");
                goto done;
            }
            if (len < 1 || len > end - pos) {
                not_fast("record length out of its batch");
                goto done;
            }
            Py_ssize_t rend = pos + (Py_ssize_t)len;
            pos += 1; /* the attributes byte */
            if (read_varint(buf, rend, &pos, &ts[j]) < 0 || read_varint(buf, rend, &pos, &od[j]) < 0 ||
                read_varint(buf, rend, &pos, &k) < 0 || k < -1 || (k > 0 && k > rend - pos)) {
                not_fast("record fields do not match the record length");
                goto done;
            }
            ks[j] = pos;
            kl[j] = k;
            if (k > 0)
                pos += (Py_ssize_t)k;
            if (read_varint(buf, rend, &pos, &v) < 0 || v < -1 || (v > 0 && v > rend - pos)) {
                not_fast("record fields do not match the record length");
                goto done;
            }
            vs[j] = pos;
            vl[j] = v;
            if (v > 0)
                pos += (Py_ssize_t)v;
            if (read_varint(buf, rend, &pos, &h) < 0 || h != 0 || pos != rend) {
                not_fast("record fields do not match the record length (or records carry headers)");
                goto done;
            }
            if (k < 0) {
                kid[j] = 0;
            } else {
                PyObject *key = PyBytes_FromStringAndSize((const char *)buf + ks[j], (Py_ssize_t)k);
                if (key == NULL)
                    goto done;
                PyObject *id = PyDict_GetItemWithError(keys, key); /* borrowed */
                if (id != NULL) {
                    kid[j] = PyLong_AsLongLong(id);
                    Py_DECREF(key);
                    if (kid[j] == -1 && PyErr_Occurred())
                        goto done;
                } else if (PyErr_Occurred()) {
                    Py_DECREF(key);
                    goto done;
                } else {
                    PyObject *new_id = PyLong_FromLongLong(next_id);
                    int failed = new_id == NULL || PyDict_SetItem(keys, key, new_id) < 0 ||
                                 PyList_Append(new_keys, key) < 0;
                    Py_XDECREF(new_id);
                    Py_DECREF(key);
                    if (failed)
                        goto done;
                    kid[j] = next_id++;
                }
            }
            j++;
        }
        if (pos != end) {
            not_fast("records do not fill their batch");
            goto done;
        }
    }
    if (j != n) {
        not_fast("fewer records than the output holds");
        goto done;
    }
    result = Py_None;
    Py_INCREF(result);
done:
    PyBuffer_Release(&vbuf);
    PyBuffer_Release(&vbounds);
    PyBuffer_Release(&vout);
    return result;
}

static PyMethodDef methods[] = {
    {"scan", (PyCFunction)(void (*)(void))scan, METH_FASTCALL,
     "scan(buf, bounds, out, keys, next_id, new_keys): the records' fields and key ids (see the module)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "jobs._cscan", "The columnar decoder's per-record loop in C.", -1, methods,
};

PyMODINIT_FUNC PyInit__cscan(void) { return PyModule_Create(&module); }
