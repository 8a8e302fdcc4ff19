"""A small safetensors writer and reader (Debian ships no `safetensors` package).

Format (see https://github.com/huggingface/safetensors, README "Format"):
  8 bytes   little-endian uint64 N = length of the JSON header
  N bytes   UTF-8 JSON object: {name: {"dtype": "F32", "shape": [..], "data_offsets": [begin, end]}, ...,
            optional "__metadata__": {str: str}}; offsets are relative to the start of the data section
  rest      the tensor bytes, little-endian, row-major, contiguous with no gaps, ending at end of file.
The header is padded with spaces to a multiple of 8 bytes, as the reference writer does.
"""

import json
import struct

import numpy as np

_DTYPES = {
    "F64": np.dtype("<f8"),
    "F32": np.dtype("<f4"),
    "F16": np.dtype("<f2"),
    "I64": np.dtype("<i8"),
    "I32": np.dtype("<i4"),
    "I16": np.dtype("<i2"),
    "I8": np.dtype("i1"),
    "U8": np.dtype("u1"),
    "BOOL": np.dtype("?"),
}
_NAMES = {v: k for k, v in _DTYPES.items()}


def _to_numpy(t):
    """Accepts numpy arrays and torch tensors (detached, moved to CPU)."""
    if hasattr(t, "detach"):
        import torch

        t = t.detach().cpu().contiguous()
        if t.dtype == torch.bfloat16:
            # numpy has no bfloat16: keep the upper 16 bits of the float32 pattern.
            bits = t.view(torch.int16).numpy().view(np.uint16)
            return bits, "BF16"
        t = t.numpy()
    a = np.ascontiguousarray(t)
    if a.dtype.byteorder == ">":
        a = a.astype(a.dtype.newbyteorder("<"))
    for name, d in _DTYPES.items():
        if d == a.dtype:
            return a, name
    raise TypeError(f"unsupported dtype {a.dtype}")


def save_file(tensors, path, metadata=None):
    """Writes {name: tensor} to `path`. `metadata` is a {str: str} dict stored as __metadata__."""
    header = {}
    blobs = []
    offset = 0
    for name in sorted(tensors):
        arr, dtype = _to_numpy(tensors[name])
        raw = arr.tobytes(order="C")
        header[name] = {"dtype": dtype, "shape": list(arr.shape), "data_offsets": [offset, offset + len(raw)]}
        blobs.append(raw)
        offset += len(raw)
    if metadata:
        for k, v in metadata.items():
            if not isinstance(k, str) or not isinstance(v, str):
                raise TypeError("__metadata__ holds strings only")
        header["__metadata__"] = dict(metadata)
    text = json.dumps(header, separators=(",", ":")).encode("utf-8")
    text += b" " * ((8 - len(text) % 8) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        for b in blobs:
            f.write(b)


def load_file(path):
    """Reads a safetensors file into ({name: numpy array}, metadata). BF16 is widened to float32."""
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < 8:
        raise ValueError(f"{path}: file shorter than 8 bytes")
    (n,) = struct.unpack("<Q", data[:8])
    if n > len(data) - 8:
        raise ValueError(f"{path}: header length {n} exceeds file")
    header = json.loads(data[8 : 8 + n].decode("utf-8"))
    body = data[8 + n :]
    meta = header.pop("__metadata__", {})
    out = {}
    for name, info in header.items():
        b, e = info["data_offsets"]
        raw = body[b:e]
        if info["dtype"] == "BF16":
            bits = np.frombuffer(raw, dtype="<u2").astype(np.uint32) << 16
            arr = bits.view(np.float32)
        else:
            arr = np.frombuffer(raw, dtype=_DTYPES[info["dtype"]])
        out[name] = arr.reshape(info["shape"]).copy()
    return out, meta
