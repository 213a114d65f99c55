#include "eval/Memory.h"

#include <sstream>

namespace tilelens::eval {

uint64_t Memory::allocate(const std::string& name, Elem elem, size_t count)
{
    Buffer b;
    b.name = name;
    b.base = kSpacing * (m_buffers.size() + 1);
    b.elem = elem;
    b.count = count;
    if (isFloatElem(elem))
        b.floats.assign(count, 0.0);
    else
        b.ints.assign(count, 0);
    m_buffers.push_back(std::move(b));
    return m_buffers.back().base;
}

Buffer* Memory::locate(uint64_t address, Elem elem, size_t& index, std::string& why)
{
    // Buffers are kSpacing apart from kSpacing on: the address names its slot directly.
    const uint64_t slot = address / kSpacing;
    if (slot == 0 || slot > m_buffers.size()) {
        std::ostringstream s;
        s << "address 0x" << std::hex << address << " is outside every buffer";
        why = s.str();
        return nullptr;
    }
    Buffer& b = m_buffers[slot - 1];
    const uint64_t bytes = uint64_t(storageBytes(b.elem));
    const uint64_t off = address - b.base;
    if (elem == b.elem && off % bytes == 0 && off / bytes < b.count) {
        index = size_t(off / bytes);
        return &b;
    }
    // The message is built only here: locate runs once per element of every gather.
    std::ostringstream s;
    if (elem != b.elem)
        s << "access as " << elemName(elem) << " to buffer '" << b.name << "' of "
          << elemName(b.elem);
    else if (off % bytes != 0)
        s << "misaligned address: byte offset " << off << " in buffer '" << b.name << "'";
    else
        s << "element " << off / bytes << " of buffer '" << b.name << "' which has " << b.count
          << " elements";
    why = s.str();
    return nullptr;
}

Buffer* Memory::find(const std::string& name)
{
    for (Buffer& b : m_buffers)
        if (b.name == name)
            return &b;
    return nullptr;
}

} // namespace tilelens::eval
