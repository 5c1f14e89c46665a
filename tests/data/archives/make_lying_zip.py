import io, struct, zipfile, sys
# A zip whose member "_dump_0" declares 16 uncompressed bytes but inflates to 4096.
buf = io.BytesIO()
with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("_dump_0", b"\x80\x02" + b"A" * 4094)
data = bytearray(buf.getvalue())
# local header: uncompressed size at offset 22
assert data[:4] == b"PK\x03\x04"
struct.pack_into("<I", data, 22, 16)
cd = data.find(b"PK\x01\x02")
struct.pack_into("<I", data, cd + 24, 16)
sys.stdout.buffer.write(bytes(data))
