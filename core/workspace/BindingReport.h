#pragma once
// The run binding derived from each port's launch chain of a workspace (wrapper -> ffi.rs ->
// kernel.rs entry; the reference's ct.launch), each item with its source line, and the ABI
// findings of the chain: what `tilelens-cli binding` reports (tilelens.binding/1, text, SARIF).

#include "workspace/AbiCheck.h"
#include "workspace/LaunchBinding.h"
#include "workspace/LaunchChain.h"
#include "workspace/Workspace.h"

#include <string>
#include <vector>

namespace tilelens::ws {

struct EntryReport
{
    const EntryChain* chain = nullptr;
    DerivedBinding binding;
    std::vector<AbiFinding> findings;
};

struct BindingReport
{
    QString root; // the workspace's root: places are relative to it
    std::vector<LaunchChain> chains;
    std::vector<std::vector<EntryReport>> reports; // per chain, per entry
    bool critical = false;                         // a critical finding
    bool warn = false;                             // a warn finding
    bool unbound = false;                          // an entry whose binding is incomplete

    bool empty() const { return chains.empty(); }
};

// Every port of \a workspace (only the op, Rust entry or Python kernel \a wanted names, when
// not empty). The chains point into the report: keep it while reading them.
BindingReport bindingReport(const Workspace& workspace, const std::string& wanted);

std::string bindingReportJson(const BindingReport& report, const std::string& path);
std::string bindingReportText(const BindingReport& report);
std::string bindingReportSarif(const BindingReport& report);

} // namespace tilelens::ws
