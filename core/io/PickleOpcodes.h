#pragma once

// The pickle opcode table of PickleDecoder.cpp: every opcode's name, and for the ones we do not decode, why.
// Kept apart so the decoder reads as the VM it is.

namespace fd::pickle {

// Opcode names and why the dangerous ones are refused, indexed by byte; nullptr for unknown bytes.
struct OpInfo
{
    const char* name = nullptr;
    const char* refusal = nullptr;     // set: executes/imports code; the opcode is refused
    const char* unsupported = nullptr; // set: harmless but not decoded
};

constexpr const char* kImports = "it would import a Python object; a Flight Recorder dump never contains it";
constexpr const char* kCalls = "it would call a Python object; a Flight Recorder dump never contains it";

struct OpTable
{
    OpInfo ops[256];
    constexpr OpTable()
    {
        auto set = [this](int byte, const char* name, const char* refusal = nullptr,
                          const char* unsupported = nullptr) {
            ops[byte] = OpInfo{name, refusal, unsupported};
        };
        set('(', "MARK");
        set('.', "STOP");
        set('0', "POP");
        set('1', "POP_MARK");
        set('2', "DUP");
        set('F', "FLOAT");
        set('I', "INT");
        set('J', "BININT");
        set('K', "BININT1");
        set('L', "LONG");
        set('M', "BININT2");
        set('N', "NONE");
        set('P', "PERSID", "persistent ids need application code to resolve them");
        set('Q', "BINPERSID", "persistent ids need application code to resolve them");
        set('R', "REDUCE", kCalls);
        set('S', "STRING", nullptr,
            "protocol-0 quoted strings are not supported; save with protocol 2 or newer");
        set('T', "BINSTRING");
        set('U', "SHORT_BINSTRING");
        set('V', "UNICODE", nullptr,
            "protocol-0 escaped strings are not supported; save with protocol 2 or newer");
        set('X', "BINUNICODE");
        set('a', "APPEND");
        set('b', "BUILD",
            "it would call __setstate__ on an object; a Flight Recorder dump never contains it");
        set('c', "GLOBAL", kImports);
        set('d', "DICT");
        set('}', "EMPTY_DICT");
        set('e', "APPENDS");
        set('g', "GET");
        set('h', "BINGET");
        set('i', "INST", kCalls);
        set('j', "LONG_BINGET");
        set('l', "LIST");
        set(']', "EMPTY_LIST");
        set('o', "OBJ", kCalls);
        set('p', "PUT");
        set('q', "BINPUT");
        set('r', "LONG_BINPUT");
        set('s', "SETITEM");
        set('t', "TUPLE");
        set(')', "EMPTY_TUPLE");
        set('u', "SETITEMS");
        set('G', "BINFLOAT");
        set(0x80, "PROTO");
        set(0x81, "NEWOBJ", kCalls);
        set(0x82, "EXT1", "extension codes import objects from copyreg's registry");
        set(0x83, "EXT2", "extension codes import objects from copyreg's registry");
        set(0x84, "EXT4", "extension codes import objects from copyreg's registry");
        set(0x85, "TUPLE1");
        set(0x86, "TUPLE2");
        set(0x87, "TUPLE3");
        set(0x88, "NEWTRUE");
        set(0x89, "NEWFALSE");
        set(0x8a, "LONG1");
        set(0x8b, "LONG4");
        set('B', "BINBYTES");
        set('C', "SHORT_BINBYTES");
        set(0x8c, "SHORT_BINUNICODE");
        set(0x8d, "BINUNICODE8");
        set(0x8e, "BINBYTES8");
        set(0x8f, "EMPTY_SET", nullptr,
            "sets are not supported (they never occur in a Flight Recorder dump)");
        set(0x90, "ADDITEMS", nullptr, "sets are not supported (they never occur in a Flight Recorder dump)");
        set(0x91, "FROZENSET", nullptr,
            "sets are not supported (they never occur in a Flight Recorder dump)");
        set(0x92, "NEWOBJ_EX", kCalls);
        set(0x93, "STACK_GLOBAL", kImports);
        set(0x94, "MEMOIZE");
        set(0x95, "FRAME");
        set(0x96, "BYTEARRAY8");
        set(0x97, "NEXT_BUFFER", "out-of-band buffers need the caller's buffer objects");
        set(0x98, "READONLY_BUFFER", "out-of-band buffers need the caller's buffer objects");
    }
};
inline constexpr OpTable kOps;

} // namespace fd::pickle
