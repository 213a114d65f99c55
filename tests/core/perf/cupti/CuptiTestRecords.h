#pragma once
// Builds record-file text in the libtilelens_cupti.so format for tests, so
// each test states its timeline in a few readable calls.

#include <cstdint>
#include <map>
#include <string>

namespace tilelens::test {

class RecordText
{
public:
    explicit RecordText(uint32_t pid = 100)
    {
        text += "{\"type\":\"header\",\"format\":\"tilelens.cupti\",\"version\":1,\"pid\":" +
                std::to_string(pid) +
                ",\"cupti_version\":130001,\"start\":0,\"command\":\"test\"}\n";
    }
    RecordText& kernel(const std::string& name, uint64_t start, uint64_t end)
    {
        auto it = ids.find(name);
        if (it == ids.end()) {
            it = ids.emplace(name, int(ids.size()) + 1).first;
            text += "{\"type\":\"name\",\"id\":" + std::to_string(it->second) + ",\"name\":\"" +
                    name + "\",\"demangled\":\"" + name + "\"}\n";
        }
        text += "{\"type\":\"kernel\",\"name\":" + std::to_string(it->second) +
                ",\"start\":" + std::to_string(start) + ",\"end\":" + std::to_string(end) +
                ",\"device\":0,\"context\":1,\"stream\":7,\"grid\":[2,1,1],\"block\":[64,1,1],"
                "\"registers\":12,\"static_smem\":0,\"dynamic_smem\":0,\"local_mem\":0,"
                "\"correlation\":1,"
                "\"graph_node\":0}\n";
        return *this;
    }
    RecordText& range(const std::string& name, uint64_t start, uint64_t end)
    {
        const int id = ++markerId;
        text += "{\"type\":\"marker\",\"flag\":\"start\",\"id\":" + std::to_string(id) +
                ",\"ts\":" + std::to_string(start) + ",\"name\":\"" + name +
                "\",\"process\":100,\"thread\":100}\n";
        text += "{\"type\":\"marker\",\"flag\":\"end\",\"id\":" + std::to_string(id) +
                ",\"ts\":" + std::to_string(end) + ",\"process\":100,\"thread\":100}\n";
        return *this;
    }
    RecordText& raw(const std::string& line)
    {
        text += line;
        return *this;
    }
    RecordText& summary()
    {
        text += "{\"type\":\"summary\",\"kernels\":0,\"markers\":0,\"memcpys\":0,\"memsets\":0,"
                "\"dropped\":0,\"refused_buffers\":0,\"buffers\":1,\"end\":1}\n";
        return *this;
    }

    std::string text;

private:
    std::map<std::string, int> ids;
    int markerId = 0;
};

} // namespace tilelens::test
