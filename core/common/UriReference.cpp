#include "common/UriReference.h"

#include <cctype>

namespace tilelens {

std::string uriReference(const std::string& path)
{
    static const char* hex = "0123456789ABCDEF";
    std::string out = !path.empty() && path[0] == '/' ? "file://" : "";
    for (unsigned char c : path) {
        const bool plain = std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' ||
                           c == '/' || c == '+' || c == ',' || c == '=' || c == '@';
        if (plain) {
            out += char(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

} // namespace tilelens
