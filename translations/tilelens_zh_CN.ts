<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AbiRule</name>
    <message>
        <source>%1 gets %2 where the reference passes %3 to its %4: the kernel reads or writes the wrong tensor</source>
        <translation>%1 得到 %2，而参考实现向其 %4 传入 %3：内核读写了错误的张量</translation>
    </message>
    <message>
        <source>%1 gets %2, where the reference&apos;s tensor for it is %3: a stride of the wrong tensor addresses the wrong elements whenever their layouts differ</source>
        <translation>%1 得到 %2，而参考实现对应的张量是 %3：布局不同时，错误张量的步长会寻址到错误的元素</translation>
    </message>
    <message>
        <source>%1 gets %2, where the reference&apos;s tensor for it gives %3: the stride of the wrong dimension addresses the wrong elements</source>
        <translation>%1 得到 %2，而参考实现对应的张量给出 %3：错误维度的步长会寻址到错误的元素</translation>
    </message>
    <message>
        <source>%1 gets %2 = %3 where the reference passes %4 = %5 for the same call (%6): the kernel works on the wrong size</source>
        <translation>%1 得到 %2 = %3，而对同一次调用参考实现传入 %4 = %5（%6）：内核按错误的尺寸工作</translation>
    </message>
    <message>
        <source>dtype dispatch: %1 tensors run the kernel instantiated for %2, which reads and writes them as %2</source>
        <translation>dtype 分派：%1 张量运行在为 %2 实例化的内核上，被当作 %2 读写</translation>
    </message>
    <message>
        <source>the kernel&apos;s element type generic is %1 whatever the dtype of %2: other dtypes are read and written as %1</source>
        <translation>无论 %2 的 dtype 为何，内核的元素类型泛型都是 %1：其他 dtype 也按 %1 读写</translation>
    </message>
    <message>
        <source>%1 gets a tensor of dtype %2 where the kernel reads %3 (the reference passes %4)</source>
        <translation>%1 得到 dtype 为 %2 的张量，而内核按 %3 读取（参考实现传入 %4）</translation>
    </message>
    <message>
        <source>grid %1 = %2 where the reference launches %3 for the same call (%4): blocks are missing or run past the tensors</source>
        <translation>网格 %1 = %2，而对同一次调用参考实现以 %3 启动（%4）：缺少块或块越过张量范围</translation>
    </message>
    <message>
        <source>%1 = %2 does not cover the reference&apos;s tile %3 = %4 (%5): elements past it are never loaded or stored</source>
        <translation>%1 = %2 未覆盖参考实现的分块 %3 = %4（%5）：超出部分的元素永远不会被加载或存储</translation>
    </message>
    <message>
        <source>%1 copies %2 before the launch, where the reference passes it with its own strides: a copy on every call whose input is not contiguous</source>
        <translation>%1 在启动前复制了 %2，而参考实现按其自身步长传入：每次输入不连续的调用都会复制一次</translation>
    </message>
    <message>
        <source>%1 allocates a tensor the reference does not (shape %2): memory and time on every call</source>
        <translation>%1 分配了参考实现不会分配的张量（形状 %2）：每次调用都耗费内存和时间</translation>
    </message>
    <message>
        <source>the kernel is launched on %1, not on the caller&apos;s current stream: it is not ordered with the caller&apos;s work on that stream</source>
        <translation>内核在 %1 上启动，而不是调用方的当前流：它与调用方在该流上的工作没有先后顺序</translation>
    </message>
    <message>
        <source>unchecked_accesses = true: %1 runs without cuTile Rust&apos;s partition bounds checks (tile indices are not asserted to be in range); an index past a tensor reads or writes out of bounds instead of stopping the kernel</source>
        <translation>unchecked_accesses = true：%1 在没有 cuTile Rust 分区边界检查的情况下运行（不断言分块索引在范围内）；超出张量的索引会越界读写，而不是停止内核</translation>
    </message>
</context>
<context>
    <name>ChecklistText</name>
    <message>
        <source>Both forms compute the same values: nothing to fix.</source>
        <translation>两种形式计算相同的值：无需修复。</translation>
    </message>
    <message>
        <source>A known gap of cuTile Rust: the port cannot change it.</source>
        <translation>cuTile Rust 的已知缺口：移植无法改变它。</translation>
    </message>
    <message>
        <source>The compiler optimises on every assume: one the launch does not guarantee can silently give wrong results.</source>
        <translation>编译器会依据每个 assume 进行优化：启动不保证的 assume 可能悄无声息地产生错误结果。</translation>
    </message>
    <message>
        <source>Another comparison predicate selects other elements, so masks, bounds and branches change.</source>
        <translation>不同的比较谓词会选出不同的元素，因此掩码、边界和分支都会改变。</translation>
    </message>
    <message>
        <source>Another constant changes the values computed.</source>
        <translation>不同的常量会改变计算出的值。</translation>
    </message>
    <message>
        <source>Another math op computes another function of its inputs.</source>
        <translation>不同的数学运算会对其输入计算出不同的函数。</translation>
    </message>
    <message>
        <source>Flushing subnormals to zero changes the results for very small values.</source>
        <translation>将非规格化数清零会改变极小值的结果。</translation>
    </message>
    <message>
        <source>A function on one side only is code the other side does not have.</source>
        <translation>只在一侧存在的函数是另一侧没有的代码。</translation>
    </message>
    <message>
        <source>allow_tma decides whether loads may use the Tensor Memory Accelerator, which changes speed and the layouts a load accepts.</source>
        <translation>allow_tma 决定加载能否使用 Tensor Memory Accelerator，这会改变速度以及加载所接受的布局。</translation>
    </message>
    <message>
        <source>A reduction starts from its identity: a wrong one (0 instead of -inf for a max) changes every reduced value.</source>
        <translation>归约从其单位元开始：错误的单位元（max 用 0 而不是 -inf）会改变每个归约结果。</translation>
    </message>
    <message>
        <source>A bounded and an unbounded loop can run a different number of iterations.</source>
        <translation>有界循环和无界循环的迭代次数可能不同。</translation>
    </message>
    <message>
        <source>Another family of memory op reads or writes memory another way (pointers or views, masks, tokens).</source>
        <translation>不同类别的内存操作以不同方式读写内存（指针或视图、掩码、令牌）。</translation>
    </message>
    <message>
        <source>A weaker memory ordering or a narrower scope can let other threads see stale or reordered values.</source>
        <translation>较弱的内存顺序或较窄的作用域可能让其他线程看到过时或重排的值。</translation>
    </message>
    <message>
        <source>Side effects in another order change what memory holds when two of them touch the same address.</source>
        <translation>副作用的顺序不同，在其中两个访问同一地址时会改变内存中的内容。</translation>
    </message>
    <message>
        <source>This type only follows another difference: fix that one and this one goes away.</source>
        <translation>这个类型只是另一处差异的结果：修复那一处，这一处就会消失。</translation>
    </message>
    <message>
        <source>The entry takes its arguments another way: the launch must pass them as the generated entry expects.</source>
        <translation>入口函数接收参数的方式不同：启动时必须按生成的入口函数所期望的方式传递参数。</translation>
    </message>
    <message>
        <source>A launch hint changes speed, not the values computed.</source>
        <translation>启动提示改变的是速度，而不是计算出的值。</translation>
    </message>
    <message>
        <source>Other strides address other elements: reads and writes go to the wrong places.</source>
        <translation>不同的步长寻址不同的元素：读写会落到错误的位置。</translation>
    </message>
    <message>
        <source>A narrower accumulator loses precision over the sums of a matrix multiply.</source>
        <translation>更窄的累加器会在矩阵乘法的求和中损失精度。</translation>
    </message>
    <message>
        <source>Without the conversion the accumulator is stored as it is: the output gets the wrong element type or values.</source>
        <translation>没有转换，累加器会原样存储：输出会得到错误的元素类型或值。</translation>
    </message>
    <message>
        <source>A matrix multiply fed by other values computes another product.</source>
        <translation>输入不同值的矩阵乘法会计算出不同的乘积。</translation>
    </message>
    <message>
        <source>Tokens order memory accesses: another order matters only when two accesses can touch the same address.</source>
        <translation>令牌决定内存访问的顺序：只有当两次访问可能触及同一地址时，顺序不同才有影响。</translation>
    </message>
    <message>
        <source>Another loop step visits other iterations: tiles are skipped or done twice.</source>
        <translation>不同的循环步长会访问不同的迭代：tile 会被跳过或处理两次。</translation>
    </message>
    <message>
        <source>Another partition tile shape cuts the tensor into other tiles: elements are read from or written to the wrong places.</source>
        <translation>不同的分区 tile 形状会把张量切成不同的 tile：元素会从错误的位置读取或写入错误的位置。</translation>
    </message>
    <message>
        <source>Masked-off lanes of a gather are undefined without padding: they matter wherever they reach a result.</source>
        <translation>没有填充时，gather 中被屏蔽的通道是未定义的：只要它们影响到结果就很重要。</translation>
    </message>
    <message>
        <source>maxf and minf are exact: a rounding attribute on them changes nothing.</source>
        <translation>maxf 和 minf 是精确的：其上的舍入属性不会改变任何东西。</translation>
    </message>
    <message>
        <source>An unused constant changes nothing: the canonicalizer removes it.</source>
        <translation>未使用的常量不会改变任何东西：规范化会将其删除。</translation>
    </message>
    <message>
        <source>The assume states what the launch guarantees anyway: it changes nothing.</source>
        <translation>该 assume 声明的是启动本来就保证的内容：它不会改变任何东西。</translation>
    </message>
</context>
<context>
    <name>CpuRun</name>
    <message>
        <source>inconclusive: on %1 the reference itself fails (%2): these inputs are outside the reference&apos;s contract, so the run refutes nothing</source>
        <translation>无定论：在 %1 上参考实现本身就失败了（%2）：这些输入超出了参考实现的约定，因此该运行不能反驳任何结论</translation>
    </message>
    <message>
        <source>inconclusive: the outputs differ on %1, which may lie outside the reference&apos;s contract (the sizes it was compiled for), and no critical divergence explains them, so the run refutes nothing; give the binding to decide</source>
        <translation>无定论：在 %1 上输出不同，但它可能超出参考实现的约定（其编译时的尺寸），且没有关键差异能解释这一点，因此该运行不能反驳任何结论；请提供绑定以作判断</translation>
    </message>
    <message>
        <source>a guessed binding (%1)</source>
        <translation>猜测的绑定（%1）</translation>
    </message>
    <message>
        <source>the binding derived from the port&apos;s launch chain (%1)</source>
        <translation>从移植的启动链推导出的绑定（%1）</translation>
    </message>
    <message>
        <source>a binding derived from the pair (%1)</source>
        <translation>从这对入口推导出的绑定（%1）</translation>
    </message>
    <message>
        <source>the given binding (%1)</source>
        <translation>给定的绑定（%1）</translation>
    </message>
</context>
<context>
    <name>DivergenceText</name>
    <message>
        <source>%1, unproven</source>
        <translation>%1，未证明</translation>
    </message>
    <message>
        <source>ref %1 ↔ gen %2</source>
        <translation>参考 %1 ↔ 生成 %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Proof:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;证明：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Counterexample:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;反例：&lt;/b&gt;%1</translation>
    </message>
    <message numerus="yes">
        <source>%n site(s); all of them in the details pane</source>
        <translation>
            <numerusform>%n 处；全部见详情面板</numerusform>
        </translation>
    </message>
    <message>
        <source>owner: %1</source>
        <translation>负责方：%1</translation>
    </message>
    <message>
        <source>checklist item %1</source>
        <translation>检查清单项 %1</translation>
    </message>
    <message>
        <source>attribute: %1</source>
        <translation>属性：%1</translation>
    </message>
    <message>
        <source>reference: &lt;code&gt;%1&lt;/code&gt; · generated: &lt;code&gt;%2&lt;/code&gt;</source>
        <translation>参考：&lt;code&gt;%1&lt;/code&gt; · 生成：&lt;code&gt;%2&lt;/code&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Unproven:&lt;/b&gt; no counterexample found: the differ could not show the two sides equal, nor find an input on which they differ</source>
        <translation>&lt;b&gt;未证明：&lt;/b&gt;未找到反例：比较器既无法证明两侧相等，也找不到使两侧不同的输入</translation>
    </message>
    <message>
        <source>&lt;b&gt;CPU run:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;CPU 运行：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Sites (%1):&lt;/b&gt; %2</source>
        <translation>&lt;b&gt;位置（%1）：&lt;/b&gt;%2</translation>
    </message>
    <message numerus="yes">
        <source>; %n op(s) using its result differ only through it</source>
        <translation>
            <numerusform>；使用其结果的 %n 个操作仅因它而不同</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%n sites)</source>
        <translation>
            <numerusform>（%n 处）</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Why it matters:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;为何重要：&lt;/b&gt;%1</translation>
    </message>
</context>
<context>
    <name>RuleMessage</name>
    <message>
        <source>{op}: rounding {ref_value} in reference, {gen_value} in generated: another IEEE rounding mode (absent is nearest_even) can change the last bit of a result</source>
        <translation>{op}: 舍入在参考中为 {ref_value}，在生成中为 {gen_value}：另一种 IEEE 舍入模式（缺省为 nearest_even）可能改变结果的最后一位</translation>
    </message>
    <message>
        <source>assume {gen_value} on a block id, grid size or loop index only in generated</source>
        <translation>仅生成端在块 ID、网格大小或循环索引上有 assume {gen_value}</translation>
    </message>
    <message>
        <source>assume {gen_value} on a scalar only in generated: a divisibility hint derived from the launch value (review: a wrong claim miscompiles)</source>
        <translation>仅生成端在标量上有 assume {gen_value}：由启动参数值推出的整除性提示（请审查：错误的断言会导致误编译）</translation>
    </message>
    <message>
        <source>assume {gen_value} only in generated</source>
        <translation>仅生成端有 assume {gen_value}</translation>
    </message>
    <message>
        <source>assume {ref_value} in reference, {gen_value} in generated on a value the kernel computes: a stronger divisibility claim no launch guarantees; where it is false the compiler may miscompile</source>
        <translation>assume 在参考中为 {ref_value}，在生成中为 {gen_value}（作用于内核计算的值）：任何启动都无法保证的更强整除性断言；若其不成立，编译器可能生成错误代码</translation>
    </message>
    <message>
        <source>assume {ref_value} in reference, {gen_value} in generated: a divisibility hint chosen by each launcher from the argument value (review that it holds for every launch)</source>
        <translation>参考端为 assume {ref_value}，生成端为 {gen_value}：各启动器根据参数值选择的整除性提示（请确认每次启动都成立）</translation>
    </message>
    <message>
        <source>assume {ref_value} on a pointer missing in generated (views/TMA; no measured gap)</source>
        <translation>生成端缺少指针上的 assume {ref_value}（视图/TMA；未测得性能差距）</translation>
    </message>
    <message>
        <source>assume {ref_value} on a pointer missing in generated, which accesses memory through raw pointers</source>
        <translation>生成端缺少指针上的 assume {ref_value}，而它通过裸指针访问内存</translation>
    </message>
    <message>
        <source>assume {ref_value} present in reference, missing in generated</source>
        <translation>参考端有 assume {ref_value}，生成端缺失</translation>
    </message>
    <message>
        <source>constant: value {ref_value} in reference, {gen_value} in generated</source>
        <translation>constant：参考端值为 {ref_value}，生成端为 {gen_value}</translation>
    </message>
    <message>
        <source>entry hint {attribute} = {ref_value} in reference, missing in generated</source>
        <translation>入口提示 {attribute} = {ref_value} 在参考端存在，生成端缺失</translation>
    </message>
    <message>
        <source>entry hint {attribute} = {gen_value} only in generated, the reference keeps the compiler&apos;s default: a launch hint (occupancy: CTAs per SM the compiler budgets registers for; num_cta_in_cga: CTAs per cluster, the grid must be a multiple of it): it changes speed, not the values computed (checklist M1)</source>
        <translation>入口提示 {attribute} = {gen_value} 仅在生成端存在，参考端保留编译器的默认值：这是启动提示（occupancy：编译器据以分配寄存器的每个 SM 的 CTA 数；num_cta_in_cga：每个集群的 CTA 数，网格必须是它的整数倍）：它改变速度，不改变计算出的值（检查清单 M1）</translation>
    </message>
    <message>
        <source>entry hint {attribute}: {ref_value} in reference, {gen_value} in generated: a launch hint (occupancy: CTAs per SM the compiler budgets registers for; num_cta_in_cga: CTAs per cluster, the grid must be a multiple of it): it changes speed, not the values computed (checklist M1)</source>
        <translation>入口提示 {attribute}：参考端为 {ref_value}，生成端为 {gen_value}：这是启动提示（occupancy：编译器据以分配寄存器的每个 SM 的 CTA 数；num_cta_in_cga：每个集群的 CTA 数，网格必须是它的整数倍）：它改变速度，不改变计算出的值（检查清单 M1）</translation>
    </message>
    <message>
        <source>entry: argument ABI: {ref_value} in reference, {gen_value} in generated; the same element types behind the pointers, passed as array descriptors (pointer, shape, strides) vs raw pointers and scalars: a calling convention that changes no result by itself (how the kernel uses each value is compared op by op); review the launcher&apos;s argument order</source>
        <translation>entry：参数 ABI：参考端为 {ref_value}，生成端为 {gen_value}；指针背后的元素类型相同，一方以数组描述符（指针、形状、步长）传递，另一方以裸指针和标量传递：这种调用约定本身不改变任何结果（内核如何使用每个值会逐个操作比较）；请审查启动器的参数顺序</translation>
    </message>
    <message>
        <source>entry: specialised constant vs runtime argument: the reference is compiled for the constants {ref_value} (its entry name), the generated entry takes {gen_value}; review that every launch passes the reference&apos;s values</source>
        <translation>entry：特化常量与运行时参数：参考端针对常量 {ref_value} 编译（见其入口名），生成端入口接收 {gen_value}；请确认每次启动都传入参考端的值</translation>
    </message>
    <message>
        <source>entry: {attribute} {ref_value} in reference, {gen_value} in generated</source>
        <translation>entry：{attribute} 参考端为 {ref_value}，生成端为 {gen_value}</translation>
    </message>
    <message>
        <source>for: loop bound differs (operand {operand})</source>
        <translation>for：循环边界不同（操作数 {operand}）</translation>
    </message>
    <message>
        <source>for: loop step differs (operand {operand})</source>
        <translation>for：循环步长不同（操作数 {operand}）</translation>
    </message>
    <message>
        <source>{function}: function present on one side only</source>
        <translation>{function}：函数仅存在于一侧</translation>
    </message>
    <message>
        <source>{function}: reference carries source locations, generated has none (cuTile Rust emits no debug locations)</source>
        <translation>{function}：参考端带有源码位置，生成端没有（cuTile Rust 不输出调试位置）</translation>
    </message>
    <message>
        <source>{op}: accumulator type {ref_value} in reference, {gen_value} in generated</source>
        <translation>{op}：累加器类型参考端为 {ref_value}，生成端为 {gen_value}</translation>
    </message>
    <message>
        <source>{op}: allow_tma {ref_value} in reference, {gen_value} in generated</source>
        <translation>{op}：allow_tma 参考端为 {ref_value}，生成端为 {gen_value}</translation>
    </message>
    <message>
        <source>{op}: bounded for vs unbounded loop ({ref_op} in reference, {gen_op} in generated)</source>
        <translation>{op}：有界 for 与无界循环（参考端为 {ref_op}，生成端为 {gen_op}）</translation>
    </message>
    <message>
        <source>{op}: conversion {ref_value} present in reference, missing in generated (store from accumulator needs it)</source>
        <translation>{op}：转换 {ref_value} 在参考端存在，生成端缺失（从累加器存储需要它）</translation>
    </message>
    <message>
        <source>{op}: duplicate of an identical earlier op (CSE merges it)</source>
        <translation>{op}：与之前相同操作重复（CSE 会合并它）</translation>
    </message>
    <message>
        <source>{op}: gather padding {ref_value} in reference, {gen_value} in generated: the masked-off lanes hold another value, which reaches memory wherever a store mask admits a lane the load mask excludes</source>
        <translation>{op}: gather 填充值在参考中为 {ref_value}，在生成中为 {gen_value}：被屏蔽的通道持有另一个值，只要存储掩码允许加载掩码排除的通道，该值就会写入内存</translation>
    </message>
    <message>
        <source>{op}: gather padding {ref_value} -&gt; {gen_value}: masked-off lanes are undefined without padding; they reach memory only where a store mask admits a lane the load mask excludes (a store extent larger than the load extent)</source>
        <translation>{op}：gather 填充 {ref_value} -&gt; {gen_value}：无填充时被屏蔽的通道未定义；只有当存储掩码允许加载掩码排除的通道时（存储范围大于加载范围），它们才会写入内存</translation>
    </message>
    <message>
        <source>{op}: get_index_space_shape on one side, manual ceil-div of the tensor shape on the other</source>
        <translation>{op}：一侧使用 get_index_space_shape，另一侧手动对张量形状向上取整除</translation>
    </message>
    <message>
        <source>{op}: hint {attribute} = {gen_value} only in generated</source>
        <translation>{op}：提示 {attribute} = {gen_value} 仅在生成端</translation>
    </message>
    <message>
        <source>{op}: hint {attribute} = {ref_value} missing in generated (unsupported by cuTile Rust)</source>
        <translation>{op}：生成端缺少提示 {attribute} = {ref_value}（cuTile Rust 不支持）</translation>
    </message>
    <message>
        <source>{op}: hint {attribute} missing in generated (cuTile Rust may not emit it)</source>
        <translation>{op}：生成端缺少提示 {attribute}（cuTile Rust 可能不会输出它）</translation>
    </message>
    <message>
        <source>{op}: hint {attribute} {ref_value} in reference, {gen_value} in generated</source>
        <translation>{op}：提示 {attribute} 参考端为 {ref_value}，生成端为 {gen_value}</translation>
    </message>
    <message>
        <source>{op}: identities {ref_value} in reference, {gen_value} in generated</source>
        <translation>{op}：单位元参考端为 {ref_value}，生成端为 {gen_value}</translation>
    </message>
    <message>
        <source>{op}: loaded tile and token unused, present on one side only (no result change, but memory is read for nothing)</source>
        <translation>{op}：加载的 tile 和令牌未被使用，仅存在于一侧（结果不变，但白白读取了内存）</translation>
    </message>
    <message>
        <source>{op}: loop step wrapped in assume on one side, raw on the other</source>
        <translation>{op}：循环步长一侧包在 assume 中，另一侧为原值</translation>
    </message>
    <message>
        <source>{op}: make_strided_view has no cuTile Rust equivalent (partition views are used instead)</source>
        <translation>{op}：make_strided_view 在 cuTile Rust 中没有对应物（改用分区视图）</translation>
    </message>
    <message>
        <source>{op}: memory op differs ({ref_op} in reference, {gen_op} in generated)</source>
        <translation>{op}：内存操作不同（参考端为 {ref_op}，生成端为 {gen_op}）</translation>
    </message>
    <message>
        <source>{op}: operand type {ref_value} written in reference, {gen_value} in generated</source>
        <translation>{op}：操作数类型参考端写为 {ref_value}，生成端为 {gen_value}</translation>
    </message>
    <message>
        <source>{op}: operand {operand} fed by a different value in generated</source>
        <translation>{op}：生成端的操作数 {operand} 来自不同的值</translation>
    </message>
    <message>
        <source>{op}: ordering token {ref_value} -&gt; {gen_value} (checklist M6) - harmless, proven: root tokens only</source>
        <translation>{op}：顺序令牌 {ref_value} -&gt; {gen_value}（检查项 M6）- 无害，已证明：仅根令牌</translation>
    </message>
    <message>
        <source>{op}: ordering token {ref_value} -&gt; {gen_value} (checklist M6): memory ops are ordered differently; harmless unless two of them can touch the same address</source>
        <translation>{op}：顺序令牌 {ref_value} -&gt; {gen_value}（检查项 M6）：内存操作的顺序不同；除非其中两个可能访问同一地址，否则无害</translation>
    </message>
    <message>
        <source>{op}: padding_value {ref_value} in reference, {gen_value} in generated</source>
        <translation>{op}：padding_value 参考端为 {ref_value}，生成端为 {gen_value}</translation>
    </message>
    <message>
        <source>{op}: partition tile {ref_value} in reference, {gen_value} in generated</source>
        <translation>{op}：分区 tile 参考端为 {ref_value}，生成端为 {gen_value}</translation>
    </message>
    <message>
        <source>{op}: result type {ref_value} -&gt; {gen_value} follows from an operand&apos;s type change</source>
        <translation>{op}：结果类型 {ref_value} -&gt; {gen_value} 源于某个操作数的类型变化</translation>
    </message>
    <message>
        <source>{op}: result type {ref_value} in reference, {gen_value} in generated</source>
        <translation>{op}：结果类型参考端为 {ref_value}，生成端为 {gen_value}</translation>
    </message>
    <message>
        <source>{op}: result unused, present on one side only (dead code)</source>
        <translation>{op}：结果未被使用，仅存在于一侧（死代码）</translation>
    </message>
    <message>
        <source>{op}: rounding attribute {gen_value} in generated (maxf/minf take none; harmless: max and min are exact)</source>
        <translation>{op}：生成端有舍入属性 {gen_value}（maxf/minf 不接受舍入；无害：max 和 min 是精确的）</translation>
    </message>
    <message>
        <source>{op}: side-effecting op in a different order relative to others</source>
        <translation>{op}：有副作用的操作相对其他操作的顺序不同</translation>
    </message>
    <message>
        <source>{op}: strided view with element offsets on one side, partition view with tile indices on the other, addressing the same elements</source>
        <translation>{op}：一侧为带元素偏移的跨步视图，另一侧为带 tile 索引的分区视图，寻址相同的元素</translation>
    </message>
    <message>
        <source>{op}: strides {ref_value} in reference, {gen_value} in generated</source>
        <translation>{op}：步长参考端为 {ref_value}，生成端为 {gen_value}</translation>
    </message>
    <message>
        <source>{op}: token join on one side only (checklist M6) - harmless, proven: it orders stores after the loads their values are computed from</source>
        <translation>{op}: 仅一侧有令牌合并 (检查清单 M6) - 无害，已证明：它只把存储排在其值所依赖的加载之后</translation>
    </message>
    <message>
        <source>{op}: token op on one side only (checklist M6) - harmless, proven: a fresh root token</source>
        <translation>{op}：令牌操作仅在一侧（检查项 M6）- 无害，已证明：新的根令牌</translation>
    </message>
    <message>
        <source>{op}: token op present on one side only (token-creating op counts must be equal)</source>
        <translation>{op}：令牌操作仅存在于一侧（创建令牌的操作数量必须相等）</translation>
    </message>
    <message>
        <source>{op}: unused constant {value} on one side only (canonicalize removes it)</source>
        <translation>{op}：未使用的常量 {value} 仅在一侧（canonicalize 会移除它）</translation>
    </message>
    <message>
        <source>{op}: {attribute} {ref_value} in reference, {gen_value} in generated</source>
        <translation>{op}：{attribute} 参考端为 {ref_value}，生成端为 {gen_value}</translation>
    </message>
    <message>
        <source>{op}: {kind} {attribute} {ref_value} -&gt; {gen_value}</source>
        <translation>{op}：{kind} {attribute} {ref_value} -&gt; {gen_value}</translation>
    </message>
    <message>
        <source>{op}: {kind} {attribute} {ref_value} -&gt; {gen_value} - equal under a stated precondition (review it)</source>
        <translation>{op}：{kind} {attribute} {ref_value} -&gt; {gen_value} - 在所述前提下相等（请审查该前提）</translation>
    </message>
    <message>
        <source>{op}: {kind} {attribute} {ref_value} -&gt; {gen_value} - equivalent (proof attached)</source>
        <translation>{op}：{kind} {attribute} {ref_value} -&gt; {gen_value} - 等价（附证明）</translation>
    </message>
    <message>
        <source>{op}: {ref_op} in reference, {gen_op} in generated</source>
        <translation>{op}：参考端为 {ref_op}，生成端为 {gen_op}</translation>
    </message>
    <message>
        <source>{op}: mask bounds differ: {ref_value} in reference; {gen_value} in generated; the same lanes only when the launch makes the bounds agree (one block per bounded row, tensor extents equal to the generated bound): a grid with more blocks than rows, or extents other than the generated bound, changes which lanes are read and written (host evidence)</source>
        <translation>{op}：掩码边界不同：参考中为 {ref_value}；生成代码中为 {gen_value}；仅当启动参数使边界一致时（每个受限行一个块，张量范围等于生成代码的边界）才访问相同的通道：块数多于行数的网格，或范围不同于生成代码的边界，会改变读写的通道（主机端证据）</translation>
    </message>
</context>
<context>
    <name>RunMessage</name>
    <message>
        <source>the runner is shutting down</source>
        <translation>运行器正在关闭</translation>
    </message>
    <message>
        <source>%1 is not a directory</source>
        <translation>%1 不是目录</translation>
    </message>
    <message>
        <source>unknown stage &apos;%1&apos; (known: %2)</source>
        <translation>未知阶段“%1”（已知：%2）</translation>
    </message>
    <message>
        <source>tilelens.json is invalid: %1</source>
        <translation>tilelens.json 无效：%1</translation>
    </message>
    <message>
        <source>not runnable here: %1</source>
        <translation>无法在此运行：%1</translation>
    </message>
    <message>
        <source>not runnable here: the built-in &apos;%1&apos; is not available in this build</source>
        <translation>无法在此运行：此构建中没有内置项“%1”</translation>
    </message>
    <message>
        <source>workspace not trusted (%1): nothing was run; review its commands and trust it first</source>
        <translation>工作区不受信任（%1）：未运行任何内容；请先审查其命令并信任它</translation>
    </message>
    <message>
        <source>replaced by a newer request (%1)</source>
        <translation>已被更新的请求取代（%1）</translation>
    </message>
    <message>
        <source>stage %1 already ran %2 time(s) in this pipeline run (cap %3); override the cap or start a new pipeline run</source>
        <translation>阶段 %1 在本次流水线运行中已运行 %2 次（上限 %3）；请越过上限或开始新的流水线运行</translation>
    </message>
    <message>
        <source>cannot write the log %1</source>
        <translation>无法写入日志 %1</translation>
    </message>
    <message>
        <source>cannot start %1: %2</source>
        <translation>无法启动 %1：%2</translation>
    </message>
    <message>
        <source>nothing was run: the stage supervisor tilelens-stage-supervisor is missing (looked in %1)</source>
        <translation>未运行任何内容：缺少阶段监督程序 tilelens-stage-supervisor（已查找：%1）</translation>
    </message>
    <message>
        <source>timed out after %1 s</source>
        <translation>%1 秒后超时</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>cancelled before it started</source>
        <translation>在开始前已取消</translation>
    </message>
    <message>
        <source>cancelled (the app quit)</source>
        <translation>已取消（应用已退出）</translation>
    </message>
    <message>
        <source>killed by signal %1 (%2)</source>
        <translation>被信号 %1 终止（%2）</translation>
    </message>
    <message>
        <source>refused to copy the log to %1: it now resolves to %2, outside the workspace</source>
        <translation>拒绝将日志复制到 %1：它现在解析为工作区之外的 %2</translation>
    </message>
    <message>
        <source>could not copy the log to %1</source>
        <translation>无法将日志复制到 %1</translation>
    </message>
    <message>
        <source>needs an NVIDIA GPU; none is visible on this machine (or declare a slurm launcher for it)</source>
        <translation>需要 NVIDIA GPU；本机上没有可见的 GPU（或为其声明 slurm 启动器）</translation>
    </message>
    <message>
        <source>needs %1 (not set in the environment or tilelens.json)</source>
        <translation>需要 %1（环境变量和 tilelens.json 中均未设置）</translation>
    </message>
    <message>
        <source>the stage has no command</source>
        <translation>该阶段没有命令</translation>
    </message>
    <message>
        <source>the slurm launcher needs &apos;%1&apos; on PATH</source>
        <translation>slurm 启动器需要 PATH 中有“%1”</translation>
    </message>
    <message>
        <source>working directory %1 does not exist</source>
        <translation>工作目录 %1 不存在</translation>
    </message>
    <message>
        <source>program %1 is not an executable file</source>
        <translation>程序 %1 不是可执行文件</translation>
    </message>
    <message>
        <source>program &apos;%1&apos; is not on PATH</source>
        <translation>程序“%1”不在 PATH 中</translation>
    </message>
    <message>
        <source>libtilelens_cupti.so was not found (it is built only with the CUDA Toolkit and CUPTI; set TILELENS_CUPTI_LIBRARY to its path)</source>
        <translation>未找到 libtilelens_cupti.so（仅在有 CUDA Toolkit 和 CUPTI 时构建；请将 TILELENS_CUPTI_LIBRARY 设为其路径）</translation>
    </message>
    <message>
        <source>no NVIDIA GPU is visible on this machine, so no kernel can be measured</source>
        <translation>本机上没有可见的 NVIDIA GPU，因此无法测量任何内核</translation>
    </message>
    <message>
        <source>the CUPTI library recorded nothing: %1</source>
        <translation>CUPTI 库未记录任何内容：%1</translation>
    </message>
    <message>
        <source>no record files: the command created no CUDA context, or the CUDA driver did not load the injection library</source>
        <translation>没有记录文件：该命令未创建 CUDA 上下文，或 CUDA 驱动未加载注入库</translation>
    </message>
    <message>
        <source>the command launched no kernel that CUPTI saw</source>
        <translation>该命令没有启动 CUPTI 能看到的内核</translation>
    </message>
    <message>
        <source>nothing was run: %1</source>
        <translation>未运行任何内容：%1</translation>
    </message>
</context>
<context>
    <name>Severity</name>
    <message>
        <source>critical</source>
        <translation>严重</translation>
    </message>
    <message>
        <source>warn</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>info</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>equivalent</source>
        <translation>等价</translation>
    </message>
    <message>
        <source>noise</source>
        <translation>噪声</translation>
    </message>
    <message>
        <source>known gap</source>
        <translation>已知差距</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>host</source>
        <translation>主机</translation>
    </message>
</context>
<context>
    <name>SourceLinkNote</name>
    <message>
        <source>This op has no source location in the reference IR; showing the kernel function.</source>
        <translation>该运算在参考 IR 中没有源码位置；显示内核函数。</translation>
    </message>
    <message>
        <source>The reference IR carries no source locations; showing the kernel function.</source>
        <translation>参考 IR 不含源码位置；显示内核函数。</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::AbiFindingsView</name>
    <message>
        <source>critical</source>
        <translation>严重</translation>
    </message>
    <message>
        <source>warn</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>note</source>
        <translation>注释</translation>
    </message>
    <message>
        <source>Launch ABI findings</source>
        <translation>启动 ABI 发现</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Place</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>No port selected</source>
        <translation>未选择移植</translation>
    </message>
    <message>
        <source>Reading the launch chain of %1…</source>
        <translation>正在读取 %1 的启动链…</translation>
    </message>
    <message>
        <source>%1: no launch chain to read</source>
        <translation>%1：没有可读取的启动链</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n ABI finding(s)</source>
        <translation>
            <numerusform>%1：%n 个 ABI 发现</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tilelens::gui::AlignedIrView</name>
    <message>
        <source>Reference</source>
        <translation>参考</translation>
    </message>
    <message>
        <source>Generated</source>
        <translation>生成</translation>
    </message>
    <message>
        <source>(no matching op)</source>
        <translation>（无匹配的操作）</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>Matched, no divergence</source>
        <translation>已匹配，无差异</translation>
    </message>
    <message>
        <source>generated</source>
        <translation>生成 IR</translation>
    </message>
    <message>
        <source>reference</source>
        <translation>参考 IR</translation>
    </message>
    <message numerus="yes">
        <source>Reordered: the matched op is %1 line %2, %n row(s) above</source>
        <translation>
            <numerusform>已重排：匹配的操作位于%1第 %2 行，在上方 %n 行处</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reordered: the matched op is %1 line %2, %n row(s) below</source>
        <translation>
            <numerusform>已重排：匹配的操作位于%1第 %2 行，在下方 %n 行处</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tilelens::gui::Application</name>
    <message>
        <source>tilelens: loading %1 did not finish within %2 s</source>
        <translation>tilelens：%1 未能在 %2 秒内加载完成</translation>
    </message>
    <message>
        <source>Screenshot written to %1</source>
        <translation>截图已写入 %1</translation>
    </message>
    <message>
        <source>tilelens: the window could not be rendered</source>
        <translation>tilelens：无法渲染窗口</translation>
    </message>
    <message>
        <source>tilelens: cannot write %1</source>
        <translation>tilelens：无法写入 %1</translation>
    </message>
    <message>
        <source>Inspect GPU-kernel ports from cuTile Python to cuTile Rust.</source>
        <translation>检查从 cuTile Python 到 cuTile Rust 的 GPU 内核移植。</translation>
    </message>
    <message>
        <source>Load PATH, render the window (%1x%2 unless --size) to the PNG FILE and exit.</source>
        <translation>加载 PATH，将窗口（除非指定 --size，否则为 %1x%2）渲染为 PNG 文件 FILE，然后退出。</translation>
    </message>
    <message>
        <source>With --screenshot: the window size, e.g. 1024x700.</source>
        <translation>与 --screenshot 一起使用：窗口大小，例如 1024x700。</translation>
    </message>
    <message>
        <source>Open PATH, print launch to first aligned diff painted (ms), peak RSS and the longest event-loop stall, and exit.</source>
        <translation>打开 PATH，输出从启动到首次绘制对齐差异的时间（毫秒）、峰值 RSS 和最长的事件循环停顿，然后退出。</translation>
    </message>
    <message>
        <source>Workspace to open: a TileGym checkout, a kernel output root or a kernel directory (default: the bundled example); or two IR files REF GEN (.mlir or .tileirbc) to compare.</source>
        <translation>要打开的工作区：TileGym 检出目录、内核输出根目录或内核目录（默认：随附的示例）；或要比较的两个 IR 文件 REF GEN（.mlir 或 .tileirbc）。</translation>
    </message>
    <message>
        <source>tilelens: --size expects WIDTHxHEIGHT between 320 and 8192 pixels, got &quot;%1&quot;</source>
        <translation>tilelens：--size 需要 320 到 8192 像素之间的 宽x高，实际为“%1”</translation>
    </message>
    <message>
        <source>tilelens: %1 is not an IR file (two paths compare two IR files)</source>
        <translation>tilelens：%1 不是 IR 文件（两个路径表示比较两个 IR 文件）</translation>
    </message>
    <message>
        <source>tilelens: expected at most one PATH</source>
        <translation>tilelens：最多只能指定一个 PATH</translation>
    </message>
    <message>
        <source>tilelens: the bundled example workspace was not found; pass a PATH or set TILELENS_EXAMPLE_DIR</source>
        <translation>tilelens：未找到随附的示例工作区；请指定 PATH 或设置 TILELENS_EXAMPLE_DIR</translation>
    </message>
    <message>
        <source>tilelens: no display found (DISPLAY and WAYLAND_DISPLAY are unset); writing a screenshot to %1 instead</source>
        <translation>tilelens：未找到显示（DISPLAY 和 WAYLAND_DISPLAY 均未设置）；改为将截图写入 %1</translation>
    </message>
    <message>
        <source>Build a workspace of a big and a small kernel from the kernels (*.mlir) in DIR, select the big one, then the small one, and print how long the superseded diff kept working.</source>
        <translation>用 DIR 中的内核（*.mlir）构建一个含一大一小两个内核的工作区，先选择大的，再选择小的，并输出被取代的差异继续运行了多久。</translation>
    </message>
    <message>
        <source>With --bench-open DIR: replicate the kernels (*.mlir) in DIR into a reference/generated pair of about N ops per side and open that. With --bench-supersede: the big kernel&apos;s size (default 100000).</source>
        <translation>与 --bench-open DIR 一起使用：将 DIR 中的内核（*.mlir）复制成每侧约 N 个操作的参考/生成对并打开它。与 --bench-supersede 一起使用：大内核的大小（默认 100000）。</translation>
    </message>
    <message>
        <source>Rule file (tilelens.rules/1) merged with the built-in rules for every IR verdict, as tilelens-cli diff --rules FILE; this session only (Diff &gt; Rules File saves one).</source>
        <translation>规则文件 (tilelens.rules/1)，与内置规则合并后用于每个 IR 判定，与 tilelens-cli diff --rules FILE 相同；仅本次会话有效（“对比 &gt; 规则文件”可保存一个）。</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::BindingDialog</name>
    <message>
        <source>&lt;b&gt;dims&lt;/b&gt;: the sizes to try, a list per name (one input case per value). &lt;b&gt;arrays&lt;/b&gt;: each logical tensor: &lt;i&gt;dtype&lt;/i&gt;, &lt;i&gt;shape&lt;/i&gt; (expressions over the dims), optional &lt;i&gt;strides&lt;/i&gt;, &lt;i&gt;init&lt;/i&gt; (normal, uniform with &lt;i&gt;range&lt;/i&gt;, iota) or integer &lt;i&gt;values&lt;/i&gt;. &lt;b&gt;scalars&lt;/b&gt;: &lt;i&gt;dtype&lt;/i&gt; and &lt;i&gt;value&lt;/i&gt; (random when absent). &lt;b&gt;ref&lt;/b&gt; / &lt;b&gt;gen&lt;/b&gt;: &lt;i&gt;params&lt;/i&gt;, one entry per kernel parameter: an array name (its pointer, shapes and strides), &lt;code&gt;a.ptr&lt;/code&gt;, &lt;code&gt;a.shape[i]&lt;/code&gt;, &lt;code&gt;a.stride[i]&lt;/code&gt;, a scalar name or an integer expression (&lt;code&gt;+ - * /&lt;/code&gt;, &lt;code&gt;cdiv&lt;/code&gt;, &lt;code&gt;min&lt;/code&gt;, &lt;code&gt;max&lt;/code&gt;); optional &lt;i&gt;grid&lt;/i&gt;, three expressions. Other fields are ignored.</source>
        <translation>&lt;b&gt;dims&lt;/b&gt;：要尝试的尺寸，每个名称一个列表（每个值一个输入用例）。&lt;b&gt;arrays&lt;/b&gt;：每个逻辑张量：&lt;i&gt;dtype&lt;/i&gt;、&lt;i&gt;shape&lt;/i&gt;（基于 dims 的表达式）、可选的 &lt;i&gt;strides&lt;/i&gt;、&lt;i&gt;init&lt;/i&gt;（normal、带 &lt;i&gt;range&lt;/i&gt; 的 uniform、iota）或整数 &lt;i&gt;values&lt;/i&gt;。&lt;b&gt;scalars&lt;/b&gt;：&lt;i&gt;dtype&lt;/i&gt; 和 &lt;i&gt;value&lt;/i&gt;（缺省时随机）。&lt;b&gt;ref&lt;/b&gt; / &lt;b&gt;gen&lt;/b&gt;：&lt;i&gt;params&lt;/i&gt;，每个内核参数一项：数组名（其指针、形状和步长）、&lt;code&gt;a.ptr&lt;/code&gt;、&lt;code&gt;a.shape[i]&lt;/code&gt;、&lt;code&gt;a.stride[i]&lt;/code&gt;、标量名或整数表达式（&lt;code&gt;+ - * /&lt;/code&gt;、&lt;code&gt;cdiv&lt;/code&gt;、&lt;code&gt;min&lt;/code&gt;、&lt;code&gt;max&lt;/code&gt;）；可选的 &lt;i&gt;grid&lt;/i&gt;，三个表达式。其他字段将被忽略。</translation>
    </message>
    <message>
        <source>Given: edited in this dialog.</source>
        <translation>已给定：在此对话框中编辑。</translation>
    </message>
    <message>
        <source>Given: the file %1.</source>
        <translation>已给定：文件 %1。</translation>
    </message>
    <message>
        <source>No entry pair to bind: the pair was not compared.</source>
        <translation>没有可绑定的入口对：该对未被比较。</translation>
    </message>
    <message>
        <source>Derived, since no binding is given for this pair: %1.</source>
        <translation>由于此对未给定绑定，已推导：%1。</translation>
    </message>
    <message>
        <source>Guessed: %1. Its sizes may lie outside what the reference was compiled for: edit them to sizes it takes. No launch chain to derive the binding from: %2.</source>
        <translation>推测：%1。其尺寸可能超出参考所编译的范围：请改为参考接受的尺寸。没有可推导绑定的启动链：%2。</translation>
    </message>
    <message>
        <source>No binding: none can be guessed (%1), and there is no launch chain to derive one from (%2). Write one below.</source>
        <translation>没有绑定：无法推测（%1），也没有可推导绑定的启动链（%2）。请在下方编写。</translation>
    </message>
    <message>
        <source>CPU Run Binding</source>
        <translation>CPU 运行绑定</translation>
    </message>
    <message>
        <source>In use: %1</source>
        <translation>使用中：%1</translation>
    </message>
    <message>
        <source>Binding text</source>
        <translation>绑定文本</translation>
    </message>
    <message>
        <source>&amp;Load File…</source>
        <translation>加载文件(&amp;L)…</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>Run Both on CPU again with this binding</source>
        <translation>用此绑定在 CPU 上重新运行两侧</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Valid. Arrays: %1; scalars: %2; dims: %3.</source>
        <translation>有效。数组：%1；标量：%2；dims：%3。</translation>
    </message>
    <message>
        <source>Not valid: %1</source>
        <translation>无效：%1</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>Binding for the CPU Run</source>
        <translation>CPU 运行的绑定</translation>
    </message>
    <message>
        <source>Eval bindings (*.json);;All files (*)</source>
        <translation>Eval 绑定 (*.json);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::DivergenceInsight</name>
    <message>
        <source>&amp;Fold Equivalent &amp;&amp; Noise</source>
        <translation>折叠等价项和噪声(&amp;F)</translation>
    </message>
    <message>
        <source>Hide the equivalent and noise divergences from the table and the IR margins: only what can change a result or needs a look stays</source>
        <translation>在表格和 IR 边栏中隐藏等价项和噪声差异：只保留可能改变结果或需要查看的项</translation>
    </message>
    <message>
        <source>CPU Run &amp;Binding…</source>
        <translation>CPU 运行绑定(&amp;B)…</translation>
    </message>
    <message>
        <source>Divergence details</source>
        <translation>差异详情</translation>
    </message>
    <message>
        <source>CPU run %v/%m</source>
        <translation>CPU 运行 %v/%m</translation>
    </message>
    <message>
        <source>CPU run: running both sides…</source>
        <translation>CPU 运行：正在运行两侧…</translation>
    </message>
    <message>
        <source>CPU run: cancelled</source>
        <translation>CPU 运行：已取消</translation>
    </message>
    <message>
        <source>Select a divergence to see its proof or counterexample and all its sites.</source>
        <translation>选择一个差异以查看其证明或反例及所有位置。</translation>
    </message>
    <message>
        <source>Counterexample: %1</source>
        <translation>反例：%1</translation>
    </message>
    <message>
        <source>Select the first diverging stores (ref %1 ↔ gen %2)</source>
        <translation>选择最先出现差异的 store（参考 %1 ↔ 生成 %2）</translation>
    </message>
    <message>
        <source>What the run saw: %1</source>
        <translation>运行所见：%1</translation>
    </message>
    <message>
        <source>See and edit how both kernels&apos; parameters bind to the same arrays, sizes and grid (tilelens.eval-binding/1), and run both sides on the CPU with it; without one given, it is derived from the port&apos;s launch chain, else guessed by position from the reference&apos;s mangled entry name</source>
        <translation>查看并编辑两个内核的参数如何绑定到相同的数组、尺寸和网格（tilelens.eval-binding/1），并用它在 CPU 上运行两侧；若未给定，则从移植的启动链推导，否则按参考入口的修饰名按位置推测</translation>
    </message>
    <message>
        <source>Inputs of that case (binding: %1):</source>
        <translation>该用例的输入（绑定：%1）：</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::DivergenceNavigator</name>
    <message>
        <source>Severity filter</source>
        <translation>严重程度筛选</translation>
    </message>
    <message>
        <source>All severities</source>
        <translation>所有严重程度</translation>
    </message>
    <message>
        <source>%1 and above</source>
        <translation>%1 及以上</translation>
    </message>
    <message>
        <source>Owner filter</source>
        <translation>负责方筛选</translation>
    </message>
    <message>
        <source>All owners</source>
        <translation>所有负责方</translation>
    </message>
    <message>
        <source>Search rule or message</source>
        <translation>搜索规则或消息</translation>
    </message>
    <message>
        <source>Search divergences</source>
        <translation>搜索差异</translation>
    </message>
    <message>
        <source>Divergence order</source>
        <translation>差异顺序</translation>
    </message>
    <message>
        <source>The order of the table and of F8 / Shift+F8</source>
        <translation>表格以及 F8 / Shift+F8 的顺序</translation>
    </message>
    <message>
        <source>Critical first</source>
        <translation>严重优先</translation>
    </message>
    <message>
        <source>File order</source>
        <translation>文件顺序</translation>
    </message>
    <message>
        <source>Divergences</source>
        <translation>差异</translation>
    </message>
    <message>
        <source>Comparing IR…</source>
        <translation>正在比较 IR…</translation>
    </message>
    <message>
        <source>IR could not be compared</source>
        <translation>无法比较 IR</translation>
    </message>
    <message>
        <source>%1 (%2 with counterexample, %3 unproven)</source>
        <translation>%1（%2 个有反例，%3 个未证明）</translation>
    </message>
    <message>
        <source>no divergences</source>
        <translation>无差异</translation>
    </message>
    <message>
        <source>%1 of %2 shown</source>
        <translation>显示 %1 / %2 项</translation>
    </message>
    <message>
        <source>No divergences: the two IRs match.</source>
        <translation>无差异：两个 IR 一致。</translation>
    </message>
    <message>
        <source>No divergence matches these filters.</source>
        <translation>没有符合这些筛选条件的差异。</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::DivergenceTableModel</name>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>负责方</translation>
    </message>
    <message>
        <source>Ref line</source>
        <translation>参考行</translation>
    </message>
    <message>
        <source>Gen line</source>
        <translation>生成行</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::EvalAction</name>
    <message>
        <source>Run Both on &amp;CPU</source>
        <translation>在 CPU 上运行两侧(&amp;C)</translation>
    </message>
    <message>
        <source>Run the reference and generated kernels on the CPU interpreter with the same inputs: a counterexample for the critical divergences, a check of the equivalent ones</source>
        <translation>用相同输入在 CPU 解释器上运行参考内核和生成内核：为严重差异给出反例，并检查等价项</translation>
    </message>
    <message>
        <source>Cancel CPU Run</source>
        <translation>取消 CPU 运行</translation>
    </message>
    <message>
        <source>CPU run: %1</source>
        <translation>CPU 运行：%1</translation>
    </message>
    <message>
        <source>with Diff &gt; CPU Run Binding…</source>
        <translation>通过 对比 &gt; CPU 运行绑定…</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::FindBar</name>
    <message>
        <source>Find in the focused editor</source>
        <translation>在当前编辑器中查找</translation>
    </message>
    <message>
        <source>Find text</source>
        <translation>查找文本</translation>
    </message>
    <message>
        <source>Previous match (Shift+F3)</source>
        <translation>上一个匹配（Shift+F3）</translation>
    </message>
    <message>
        <source>Next match (F3)</source>
        <translation>下一个匹配（F3）</translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation>关闭（Esc）</translation>
    </message>
    <message>
        <source>Find:</source>
        <translation>查找：</translation>
    </message>
    <message>
        <source>Not found</source>
        <translation>未找到</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::IrFileActions</name>
    <message>
        <source>Tile IR (*.mlir *.tileirbc);;All files (*)</source>
        <translation>Tile IR (*.mlir *.tileirbc);;所有文件 (*)</translation>
    </message>
    <message>
        <source>&amp;Compare Two IR Files…</source>
        <translation>比较两个 IR 文件(&amp;C)…</translation>
    </message>
    <message>
        <source>Compare a reference and a generated IR file, without a workspace</source>
        <translation>不使用工作区，比较一个参考 IR 文件和一个生成的 IR 文件</translation>
    </message>
    <message>
        <source>&amp;Attach IR…</source>
        <translation>关联 IR(&amp;A)…</translation>
    </message>
    <message>
        <source>Compare existing reference and generated IR files for the selected port</source>
        <translation>为所选移植比较已有的参考 IR 和生成的 IR 文件</translation>
    </message>
    <message>
        <source>Reference IR (cuTile Python)</source>
        <translation>参考 IR (cuTile Python)</translation>
    </message>
    <message>
        <source>Generated IR (cuTile Rust)</source>
        <translation>生成的 IR (cuTile Rust)</translation>
    </message>
    <message>
        <source>Select a port of a workspace first: the IR files are attached to it.</source>
        <translation>请先选择工作区中的一个移植：IR 文件将关联到它。</translation>
    </message>
    <message>
        <source>Reference IR for %1</source>
        <translation>%1 的参考 IR</translation>
    </message>
    <message>
        <source>Generated IR for %1</source>
        <translation>%1 的生成 IR</translation>
    </message>
    <message>
        <source>The IR files could not be attached: %1</source>
        <translation>无法关联 IR 文件：%1</translation>
    </message>
    <message>
        <source>Attached %1 and %2 to %3.</source>
        <translation>已将 %1 和 %2 关联到 %3。</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::KernelListModel</name>
    <message>
        <source>%1: no paired Python kernel</source>
        <translation>%1：没有配对的 Python 内核</translation>
    </message>
    <message>
        <source>paired by hand in .tilelens/pairings.json</source>
        <translation>在 .tilelens/pairings.json 中手动配对</translation>
    </message>
    <message>
        <source>paired by what the Python wrapper launches</source>
        <translation>按 Python 包装函数启动的内核配对</translation>
    </message>
    <message>
        <source>paired by name</source>
        <translation>按名称配对</translation>
    </message>
    <message>
        <source>%1 ↔ %2 (%3)</source>
        <translation>%1 ↔ %2（%3）</translation>
    </message>
    <message>
        <source>variant %1</source>
        <translation>变体 %1</translation>
    </message>
    <message>
        <source>Problems found: %1 (see View &gt; Diagnostics)</source>
        <translation>发现问题：%1（参见 视图 &gt; 诊断）</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::MainWindow</name>
    <message>
        <source>TileLens</source>
        <translation>TileLens</translation>
    </message>
    <message>
        <source>Divergence overview</source>
        <translation>差异概览</translation>
    </message>
    <message>
        <source>Divergences</source>
        <translation>差异</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open Workspace…</source>
        <translation>打开工作区(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Re&amp;load</source>
        <translation>重新加载(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Export Diff as HTML…</source>
        <translation>将差异导出为 HTML(&amp;E)…</translation>
    </message>
    <message>
        <source>Export Diff as HTML</source>
        <translation>将差异导出为 HTML</translation>
    </message>
    <message>
        <source>There is no IR diff to export yet.</source>
        <translation>尚无可导出的 IR 差异。</translation>
    </message>
    <message>
        <source>HTML page (*.html)</source>
        <translation>HTML 页面 (*.html)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>查找(&amp;F)…</translation>
    </message>
    <message>
        <source>Find &amp;Next</source>
        <translation>查找下一个(&amp;N)</translation>
    </message>
    <message>
        <source>Find &amp;Previous</source>
        <translation>查找上一个(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Go to Line…</source>
        <translation>转到行(&amp;G)…</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Kernels</source>
        <translation>内核(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Diagnostics</source>
        <translation>诊断(&amp;D)</translation>
    </message>
    <message>
        <source>Next &amp;Pane</source>
        <translation>下一个窗格(&amp;P)</translation>
    </message>
    <message>
        <source>Pre&amp;vious Pane</source>
        <translation>上一个窗格(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Diff</source>
        <translation>对比(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Next Divergence</source>
        <translation>下一个差异(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Previous Divergence</source>
        <translation>上一个差异(&amp;P)</translation>
    </message>
    <message>
        <source>Hide &amp;Noise</source>
        <translation>隐藏噪声(&amp;N)</translation>
    </message>
    <message>
        <source>Hide &amp;Equivalent</source>
        <translation>隐藏等价项(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Divergences</source>
        <translation>差异(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Stages</source>
        <translation>阶段(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Performance</source>
        <translation>性能(&amp;P)</translation>
    </message>
    <message>
        <source>Das&amp;hboard</source>
        <translation>仪表板(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Inspector</source>
        <translation>检查器(&amp;I)</translation>
    </message>
    <message>
        <source>Diff</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About TileLens</source>
        <translation>关于 TileLens(&amp;A)</translation>
    </message>
    <message>
        <source>Go to Line</source>
        <translation>转到行</translation>
    </message>
    <message>
        <source>Line (1–%1):</source>
        <translation>行（1–%1）：</translation>
    </message>
    <message>
        <source>About TileLens</source>
        <translation>关于 TileLens</translation>
    </message>
    <message>
        <source>&lt;h3&gt;TileLens %1&lt;/h3&gt;&lt;p&gt;An inspector for GPU-kernel ports from cuTile Python to cuTile Rust: sources, Tile IR and verdicts side by side.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;TileLens %1&lt;/h3&gt;&lt;p&gt;用于检查从 cuTile Python 到 cuTile Rust 的 GPU 内核移植的工具：源代码、Tile IR 和判定结果并排显示。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>IR verdict of the selected variant, computed by TileLens when it was opened from
%1
%2</source>
        <translation>所选变体的 IR 判定，由 TileLens 在打开以下文件时计算：
%1
%2</translation>
    </message>
    <message>
        <source>IR verdict of the selected variant and its divergences</source>
        <translation>所选变体的 IR 判定及其差异</translation>
    </message>
    <message>
        <source>No reference IR: %1 has no paired Python kernel. Pair it with tilelens-cli kernels --pair %2/%1=FUNCTION.</source>
        <translation>没有参考 IR：%1 没有配对的 Python 内核。请用 tilelens-cli kernels --pair %2/%1=FUNCTION 进行配对。</translation>
    </message>
    <message>
        <source>No reference IR yet. The stage %1 (Stages dock, Rerun) runs the op&apos;s test with cuTile Python and CUDA_TILE_DUMP_BYTECODE and keeps the bytecode of %2 in %3.</source>
        <translation>尚无参考 IR。阶段 %1（阶段面板，重新运行）会用 cuTile Python 和 CUDA_TILE_DUMP_BYTECODE 运行该操作的测试，并将 %2 的字节码保存到 %3。</translation>
    </message>
    <message>
        <source>No generated IR yet. The stage %1 (Stages dock, Rerun) compiles %2 with the cuTile Rust compiler into %3.</source>
        <translation>尚无生成的 IR。阶段 %1（阶段面板，重新运行）会用 cuTile Rust 编译器将 %2 编译到 %3。</translation>
    </message>
    <message>
        <source>%1 – TileLens</source>
        <translation>%1 – TileLens</translation>
    </message>
    <message>
        <source>No source for a two-file comparison</source>
        <translation>双文件比较没有源代码</translation>
    </message>
    <message>
        <source>Inferred link (line %1): cuTile Rust records no source locations; this op was placed on the statement around the ops TileLens could match.</source>
        <translation>推断的链接（第 %1 行）：cuTile Rust 不记录源码位置；此 op 被放在 TileLens 能匹配的 op 所在的语句上。</translation>
    </message>
    <message>
        <source>Inferred link (line %1): cuTile Rust records no source locations; TileLens matched the op to %2 on this line.</source>
        <translation>推断的链接（第 %1 行）：cuTile Rust 不记录源码位置；TileLens 将此 op 匹配到本行的 %2。</translation>
    </message>
    <message>
        <source>Launch ABI</source>
        <translation>启动 ABI</translation>
    </message>
    <message>
        <source>&amp;Rules File…</source>
        <translation>规则文件(&amp;R)…</translation>
    </message>
    <message>
        <source>Classify the IR findings with a rules file (tilelens.rules/1), as tilelens-cli diff --rules does</source>
        <translation>使用规则文件 (tilelens.rules/1) 对 IR 发现进行分类，与 tilelens-cli diff --rules 相同</translation>
    </message>
    <message>
        <source>Use &amp;Default Rules</source>
        <translation>使用默认规则(&amp;D)</translation>
    </message>
    <message>
        <source>Rules File</source>
        <translation>规则文件</translation>
    </message>
    <message>
        <source>TileLens rules (*.json);;All files (*)</source>
        <translation>TileLens 规则 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Rules: built-in</source>
        <translation>规则：内置</translation>
    </message>
    <message>
        <source>The IR verdicts use the built-in rules (Diff &gt; Rules File… adds a file).</source>
        <translation>IR 判定使用内置规则（“对比 &gt; 规则文件…”可添加文件）。</translation>
    </message>
    <message>
        <source>Rules: %1</source>
        <translation>规则：%1</translation>
    </message>
    <message>
        <source>The IR verdicts use the built-in rules merged with %1, as tilelens-cli diff --rules does.</source>
        <translation>IR 判定使用内置规则与 %1 合并后的规则，与 tilelens-cli diff --rules 相同。</translation>
    </message>
    <message>
        <source>Rules file not loaded</source>
        <translation>未加载规则文件</translation>
    </message>
    <message>
        <source>The rules file %1 could not be loaded; the built-in rules are used.</source>
        <translation>无法加载规则文件 %1；将使用内置规则。</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>重置布局(&amp;R)</translation>
    </message>
    <message>
        <source>Diff exported as HTML to %1</source>
        <translation>差异已导出为 HTML：%1</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::OverviewRuler</name>
    <message>
        <source>Every divergence of the IR pair; click to jump</source>
        <translation>IR 对的所有差异；点击跳转</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::PerformanceController</name>
    <message>
        <source>Performance</source>
        <translation>性能</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::RustLexer</name>
    <message>
        <source>Default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>Comment</source>
        <translation>注释</translation>
    </message>
    <message>
        <source>Documentation comment</source>
        <translation>文档注释</translation>
    </message>
    <message>
        <source>Keyword</source>
        <translation>关键字</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>String</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>Character</source>
        <translation>字符</translation>
    </message>
    <message>
        <source>Lifetime</source>
        <translation>生命周期</translation>
    </message>
    <message>
        <source>Attribute</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>Macro</source>
        <translation>宏</translation>
    </message>
    <message>
        <source>Function name</source>
        <translation>函数名</translation>
    </message>
    <message>
        <source>Punctuation</source>
        <translation>标点</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>System default (%1)</source>
        <translation>系统默认（%1）</translation>
    </message>
    <message>
        <source>The language changes when TileLens is started again.</source>
        <translation>语言将在 TileLens 重新启动后更改。</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>系统默认</translation>
    </message>
    <message>
        <source>Follow desktop</source>
        <translation>跟随桌面</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>主题(&amp;T)：</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::SourceFileLoader</name>
    <message>
        <source>No reference Python file was found for this kernel (analysis.json names it in &quot;source&quot;).</source>
        <translation>未找到此内核的 Python 参考文件（analysis.json 在“source”中指定它）。</translation>
    </message>
    <message>
        <source>This kernel directory has no kernel.rs.</source>
        <translation>此内核目录中没有 kernel.rs。</translation>
    </message>
    <message>
        <source>No reference IR was found (reference/reference.mlir).</source>
        <translation>未找到参考 IR（reference/reference.mlir）。</translation>
    </message>
    <message>
        <source>No generated IR was found (generated/generated.mlir); stage B has not produced it yet.</source>
        <translation>未找到生成的 IR（generated/generated.mlir）；阶段 B 尚未生成它。</translation>
    </message>
    <message>
        <source>The file %1 does not exist.</source>
        <translation>文件 %1 不存在。</translation>
    </message>
    <message>
        <source>%1 is not a regular file.</source>
        <translation>%1 不是普通文件。</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>未知错误</translation>
    </message>
    <message>
        <source>The file %1 could not be read: %2</source>
        <translation>无法读取文件 %1：%2</translation>
    </message>
    <message>
        <source>The Tile IR bytecode file %1 could not be decoded: %2</source>
        <translation>无法解码 Tile IR 字节码文件 %1：%2</translation>
    </message>
    <message>
        <source>// Decoded from Tile IR bytecode by TileLens; line numbers are those of this text, not of the file.</source>
        <translation>// 由 TileLens 从 Tile IR 字节码解码；行号是此文本的行号，而非文件的行号。</translation>
    </message>
    <message>
        <source>%1 is a binary file (for example Tile IR bytecode) and cannot be shown as text.</source>
        <translation>%1 是二进制文件（例如 Tile IR 字节码），无法以文本显示。</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::SourcePane</name>
    <message>
        <source>Reference Python</source>
        <translation>参考 Python</translation>
    </message>
    <message>
        <source>Generated Rust</source>
        <translation>生成的 Rust</translation>
    </message>
    <message>
        <source>Reference IR</source>
        <translation>参考 IR</translation>
    </message>
    <message>
        <source>Generated IR</source>
        <translation>生成的 IR</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source> (decoded bytecode)</source>
        <translation>（已解码的字节码）</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::StagesController</name>
    <message>
        <source>Stages</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Quit TileLens</source>
        <translation>退出 TileLens</translation>
    </message>
    <message>
        <source>Stages are still running. Cancel them and quit?</source>
        <translation>仍有阶段正在运行。取消它们并退出吗？</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::TileIrLexer</name>
    <message>
        <source>Default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>Comment</source>
        <translation>注释</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>SSA value</source>
        <translation>SSA 值</translation>
    </message>
    <message>
        <source>Symbol</source>
        <translation>符号</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Attribute</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>Number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>String</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Keyword</source>
        <translation>关键字</translation>
    </message>
    <message>
        <source>Punctuation</source>
        <translation>标点</translation>
    </message>
    <message>
        <source>Block label</source>
        <translation>块标签</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::WorkspaceController</name>
    <message>
        <source>Kernels</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Workspace diagnostics</source>
        <translation>工作区诊断</translation>
    </message>
    <message>
        <source>Diagnostics</source>
        <translation>诊断</translation>
    </message>
    <message>
        <source>No workspace open</source>
        <translation>未打开工作区</translation>
    </message>
    <message>
        <source>Open Workspace</source>
        <translation>打开工作区</translation>
    </message>
    <message>
        <source>No recent workspaces</source>
        <translation>没有最近打开的工作区</translation>
    </message>
    <message>
        <source>&amp;Clear List</source>
        <translation>清除列表(&amp;C)</translation>
    </message>
    <message>
        <source>%1 vs %2</source>
        <translation>%1 对比 %2</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
    <message>
        <source>1 kernel</source>
        <translation>1 个内核</translation>
    </message>
    <message>
        <source>%1 kernels</source>
        <translation>%1 个内核</translation>
    </message>
    <message>
        <source>No kernels were found in %1. Open a TileGym checkout, a kernel output root or one kernel working directory.</source>
        <translation>在 %1 中未找到内核。请打开 TileGym 检出目录、内核输出根目录或单个内核工作目录。</translation>
    </message>
    <message>
        <source>%1 does not exist.</source>
        <translation>%1 不存在。</translation>
    </message>
    <message>
        <source>Pick a kernel in the Kernels list or on the dashboard.</source>
        <translation>请在内核列表或仪表板中选择一个内核。</translation>
    </message>
    <message>
        <source>Diagnostics: %1</source>
        <translation>诊断：%1</translation>
    </message>
    <message>
        <source>Show or hide the Diagnostics panel</source>
        <translation>显示或隐藏诊断面板</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::panels::DashboardModel</name>
    <message>
        <source>%1 critical</source>
        <translation>%1 个严重</translation>
    </message>
    <message>
        <source>stale</source>
        <translation>已过时</translation>
    </message>
    <message>
        <source>now %1</source>
        <translation>当前 %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1
next step: %2
Double-click to open</source>
        <translation>%1
下一步：%2
双击打开</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>From %1</source>
        <translation>来自 %1</translation>
    </message>
    <message>
        <source>From %1, written %2, before the IR it compares changed: stale. Rerun stage C.</source>
        <translation>来自 %1，写于 %2，此后所比较的 IR 已更改：已过时。请重新运行阶段 C。</translation>
    </message>
    <message>
        <source>From %1, written %2 by stage C.</source>
        <translation>来自 %1，由阶段 C 写于 %2。</translation>
    </message>
    <message>
        <source>Comparing the IR files now gives %1 (%2 critical), as the Inspector shows.</source>
        <translation>现在比较 IR 文件得到 %1（%2 个严重），与检查器显示的一致。</translation>
    </message>
    <message>
        <source>The Inspector compares the IR files again when the kernel is opened; its count is the current one.</source>
        <translation>打开内核时，检查器会重新比较 IR 文件；其计数为当前值。</translation>
    </message>
    <message>
        <source>Compared now from the reference and generated IR files (no diff_report.md; all variants: the worst verdict, the critical divergences summed).</source>
        <translation>现在根据参考和生成的 IR 文件比较得出（无 diff_report.md；所有变体：取最差判定，严重差异求和）。</translation>
    </message>
    <message>
        <source>No diff_report.md yet: open the kernel to compare its IR.</source>
        <translation>尚无 diff_report.md：打开内核以比较其 IR。</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>IR verdict</source>
        <translation>IR 判定</translation>
    </message>
    <message>
        <source>Geomean</source>
        <translation>几何平均</translation>
    </message>
    <message>
        <source>%1. The verdict of the kernel working directory&apos;s report or agent log for this stage; a TileGym checkout&apos;s landed ports have no pipeline reports, so it stays empty there.</source>
        <translation>%1。内核工作目录中该阶段的报告或代理日志给出的判定；TileGym 检出中已合入的移植没有流水线报告，因此此处为空。</translation>
    </message>
    <message>
        <source>TileLens&apos;s own IR diff of the kernel&apos;s variants: the worst verdict and its critical divergences</source>
        <translation>TileLens 对内核各变体的 IR 对比：最差的判定及其严重差异</translation>
    </message>
    <message>
        <source>Geometric mean of the generated / reference time ratios of the kernel&apos;s performance report (below 1: the port is faster)</source>
        <translation>内核性能报告中生成 / 参考时间比的几何平均值（小于 1：移植更快）</translation>
    </message>
    <message>
        <source>Performance severity: how far the geomean is from the reference, not the IR verdict</source>
        <translation>性能严重度：几何平均与参考的差距，而非 IR 判定</translation>
    </message>
    <message>
        <source>Perf severity</source>
        <translation>性能严重度</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::panels::DashboardView</name>
    <message>
        <source>Reading the kernels…</source>
        <translation>正在读取内核…</translation>
    </message>
    <message>
        <source>No kernels in this workspace.</source>
        <translation>此工作区中没有内核。</translation>
    </message>
    <message>
        <source>Kernels: %1; no perf comparison yet.</source>
        <translation>内核：%1；尚无性能比较。</translation>
    </message>
    <message>
        <source>Kernels: %1 — overall geomean %2 (over %3 with perf data) — perf severity %4</source>
        <translation>内核：%1 — 总几何平均 %2（基于 %3 个有性能数据的内核）— 性能严重度 %4</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::panels::PerfChart</name>
    <message>
        <source>ratio</source>
        <translation>比率</translation>
    </message>
    <message>
        <source>Ratio per configuration</source>
        <translation>各配置的比率</translation>
    </message>
    <message>
        <source> — no matched configuration</source>
        <translation> — 没有匹配的配置</translation>
    </message>
    <message>
        <source>mild ≤%1</source>
        <translation>轻微 ≤%1</translation>
    </message>
    <message>
        <source>moderate ≤%1</source>
        <translation>中等 ≤%1</translation>
    </message>
    <message>
        <source>large &gt;%1</source>
        <translation>较大 &gt;%1</translation>
    </message>
    <message>
        <source>%1% CI %2–%3</source>
        <translation>%1% 置信区间 %2–%3</translation>
    </message>
    <message>
        <source>geomean %1</source>
        <translation>几何平均 %1</translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>无法创建文件夹 %1。</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>TileLens perf comparison</source>
        <translation>TileLens 性能比较</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::panels::PerfPanel</name>
    <message>
        <source>Kernel perf logs</source>
        <translation>内核性能日志</translation>
    </message>
    <message>
        <source>CUPTI profiles</source>
        <translation>CUPTI 性能剖析</translation>
    </message>
    <message>
        <source>Compare the kernel&apos;s tilegym logs or two profile JSON files</source>
        <translation>比较内核的 tilegym 日志或两个性能剖析 JSON 文件</translation>
    </message>
    <message>
        <source>Open profiles…</source>
        <translation>打开性能剖析…</translation>
    </message>
    <message>
        <source>Profile command…</source>
        <translation>剖析命令…</translation>
    </message>
    <message>
        <source>Measure a baseline and a candidate command with CUPTI device time</source>
        <translation>用 CUPTI 设备时间测量基线命令和候选命令</translation>
    </message>
    <message>
        <source>Export PNG…</source>
        <translation>导出 PNG…</translation>
    </message>
    <message>
        <source>Export SVG…</source>
        <translation>导出 SVG…</translation>
    </message>
    <message>
        <source>No kernel selected</source>
        <translation>未选择内核</translation>
    </message>
    <message>
        <source>No kernel selected.</source>
        <translation>未选择内核。</translation>
    </message>
    <message>
        <source>%1: candidate / baseline per configuration</source>
        <translation>%1：各配置的候选 / 基线</translation>
    </message>
    <message>
        <source>%1: no baseline or no candidate perf log.</source>
        <translation>%1：没有基线或候选性能日志。</translation>
    </message>
    <message>
        <source>No profile could be read.</source>
        <translation>无法读取任何性能剖析。</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>(not measured yet)</source>
        <translation>（尚未测量）</translation>
    </message>
    <message>
        <source>candidate</source>
        <translation>候选</translation>
    </message>
    <message>
        <source>%1 / %2 per configuration (CUPTI device time)</source>
        <translation>各配置的 %1 / %2（CUPTI 设备时间）</translation>
    </message>
    <message>
        <source>%1 vs %2</source>
        <translation>%1 对比 %2</translation>
    </message>
    <message>
        <source>(no baseline)</source>
        <translation>（无基线）</translation>
    </message>
    <message>
        <source>baseline logs</source>
        <translation>基线日志</translation>
    </message>
    <message>
        <source>No device times from run %1: %2</source>
        <translation>运行 %1 没有设备时间：%2</translation>
    </message>
    <message>
        <source>Stage %1, run %2 of %3%4: %5 vs %6</source>
        <translation>阶段 %1，第 %2 / %3 次运行%4：%5 对比 %6</translation>
    </message>
    <message>
        <source> (final)</source>
        <translation>（最终）</translation>
    </message>
    <message>
        <source>%1 — geomean %2</source>
        <translation>%1 — 几何平均 %2</translation>
    </message>
    <message>
        <source> [%1, %2] (%3% bootstrap interval)</source>
        <translation> [%1, %2]（%3% bootstrap 区间）</translation>
    </message>
    <message>
        <source>, %1 without a candidate median</source>
        <translation>，%1 个没有候选中位数</translation>
    </message>
    <message>
        <source>, %1 without a baseline (NA)</source>
        <translation>，%1 个没有基线（NA）</translation>
    </message>
    <message>
        <source>Baseline profile</source>
        <translation>基线性能剖析</translation>
    </message>
    <message>
        <source>Profile JSON (*.json);;All files (*)</source>
        <translation>性能剖析 JSON (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Candidate profile</source>
        <translation>候选性能剖析</translation>
    </message>
    <message>
        <source>SVG image (*.svg)</source>
        <translation>SVG 图像 (*.svg)</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Export chart as SVG</source>
        <translation>将图表导出为 SVG</translation>
    </message>
    <message>
        <source>Export chart as PNG</source>
        <translation>将图表导出为 PNG</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>%1 (%2 vs %3)</source>
        <translation>%1（%2 对比 %3）</translation>
    </message>
    <message>
        <source> — %1</source>
        <translation> — %1</translation>
    </message>
    <message>
        <source> — %1 — %2</source>
        <translation> — %1 — %2</translation>
    </message>
    <message>
        <source>; %1 of %2 configurations matched</source>
        <translation>；%2 个配置中匹配了 %1 个</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::panels::PerfTreeModel</name>
    <message>
        <source>baseline: %1</source>
        <translation>基线：%1</translation>
    </message>
    <message>
        <source>candidate: %1</source>
        <translation>候选：%1</translation>
    </message>
    <message>
        <source>%1 launch(es)/iter, grid %2×%3×%4, block %5×%6×%7</source>
        <translation>每次迭代 %1 次启动，grid %2×%3×%4，block %5×%6×%7</translation>
    </message>
    <message>
        <source>Baseline (%1): %2</source>
        <translation>基线（%1）：%2</translation>
    </message>
    <message>
        <source>Candidate: %1</source>
        <translation>候选：%1</translation>
    </message>
    <message>
        <source>Not in the baseline: listed, not averaged.</source>
        <translation>不在基线中：仅列出，不计入平均。</translation>
    </message>
    <message>
        <source>No candidate median: the severity is MISSING_DATA.</source>
        <translation>没有候选中位数：严重程度为 MISSING_DATA。</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Baseline (ms)</source>
        <translation>基线（毫秒）</translation>
    </message>
    <message>
        <source>Candidate (ms)</source>
        <translation>候选（毫秒）</translation>
    </message>
    <message>
        <source>Ratio</source>
        <translation>比率</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>判定</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::panels::ProfileCommandDialog</name>
    <message>
        <source>Profile command</source>
        <translation>剖析命令</translation>
    </message>
    <message>
        <source>e.g. python3 bench.py --backend torch</source>
        <translation>例如 python3 bench.py --backend torch</translation>
    </message>
    <message>
        <source>e.g. python3 bench.py --backend triton</source>
        <translation>例如 python3 bench.py --backend triton</translation>
    </message>
    <message>
        <source>Runs per command; the best run&apos;s median counts (best of N).</source>
        <translation>每个命令的运行次数；取最佳一次运行的中位数（N 次取最佳）。</translation>
    </message>
    <message>
        <source>Baseline command:</source>
        <translation>基线命令：</translation>
    </message>
    <message>
        <source>Baseline label:</source>
        <translation>基线标签：</translation>
    </message>
    <message>
        <source>Candidate command:</source>
        <translation>候选命令：</translation>
    </message>
    <message>
        <source>Candidate label:</source>
        <translation>候选标签：</translation>
    </message>
    <message>
        <source>Runs:</source>
        <translation>运行次数：</translation>
    </message>
    <message>
        <source>Output folder:</source>
        <translation>输出文件夹：</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Cancel run</source>
        <translation>取消运行(&amp;C)</translation>
    </message>
    <message>
        <source>Injection library: %1</source>
        <translation>注入库：%1</translation>
    </message>
    <message>
        <source>Profiling is not possible here: %1</source>
        <translation>此处无法进行性能剖析：%1</translation>
    </message>
    <message>
        <source>Not started: %1</source>
        <translation>未启动：%1</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::panels::ProfileJob</name>
    <message>
        <source>%1 run %2/%3: %4</source>
        <translation>%1 第 %2/%3 次运行：%4</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>candidate</source>
        <translation>候选</translation>
    </message>
    <message>
        <source>libtilelens_cupti.so was not found (it is built only with the CUDA Toolkit and CUPTI; set TILELENS_CUPTI_LIBRARY to its path).</source>
        <translation>未找到 libtilelens_cupti.so（只有在具备 CUDA Toolkit 和 CUPTI 时才会构建；可将 TILELENS_CUPTI_LIBRARY 设为其路径）。</translation>
    </message>
    <message>
        <source>No NVIDIA GPU is visible on this machine, so no kernel can be measured.</source>
        <translation>此计算机上没有可见的 NVIDIA GPU，因此无法测量任何内核。</translation>
    </message>
    <message>
        <source>A profile is already running.</source>
        <translation>已有性能剖析正在运行。</translation>
    </message>
    <message>
        <source>Give both a baseline and a candidate command.</source>
        <translation>请同时给出基线命令和候选命令。</translation>
    </message>
    <message>
        <source>Runs must be between 1 and 100.</source>
        <translation>运行次数必须在 1 到 100 之间。</translation>
    </message>
    <message>
        <source>Cannot create the output folder %1.</source>
        <translation>无法创建输出文件夹 %1。</translation>
    </message>
    <message>
        <source>run finished with exit code %1; %2 configuration(s) measured so far</source>
        <translation>运行结束，退出码 %1；目前已测量 %2 个配置</translation>
    </message>
    <message>
        <source>No device times from this run: %1</source>
        <translation>此次运行没有设备时间：%1</translation>
    </message>
    <message>
        <source>Profiling cancelled.</source>
        <translation>性能剖析已取消。</translation>
    </message>
    <message>
        <source>Stopped: %1</source>
        <translation>已停止：%1</translation>
    </message>
    <message>
        <source>Done; some runs exited with an error.</source>
        <translation>完成；部分运行以错误退出。</translation>
    </message>
    <message>
        <source>Done: both sides measured.</source>
        <translation>完成：两侧均已测量。</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::panels::StagePanel</name>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>[… %1 earlier bytes not shown; the full log is %2]
</source>
        <translation>[… 前面 %1 字节未显示；完整日志为 %2]
</translation>
    </message>
    <message>
        <source>exit %1</source>
        <translation>退出码 %1</translation>
    </message>
    <message>
        <source>signal %1</source>
        <translation>信号 %1</translation>
    </message>
    <message>
        <source>Run %1 — %2%3</source>
        <translation>运行 %1 — %2%3</translation>
    </message>
    <message>
        <source>&amp;Rerun</source>
        <translation>重新运行(&amp;R)</translation>
    </message>
    <message>
        <source>Run the selected stage again (trusted workspaces only for external commands)</source>
        <translation>再次运行所选阶段（外部命令仅限受信任的工作区）</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>Stop the selected stage&apos;s run (its whole process group)</source>
        <translation>停止所选阶段的运行（其整个进程组）</translation>
    </message>
    <message>
        <source>Reports, agent logs and earlier runs of the selected stage</source>
        <translation>所选阶段的报告、代理日志和以往运行</translation>
    </message>
    <message>
        <source>Log:</source>
        <translation>日志：</translation>
    </message>
    <message>
        <source>Profiled run stopped: %1</source>
        <translation>剖析运行已停止：%1</translation>
    </message>
    <message>
        <source>No kernel selected.</source>
        <translation>未选择内核。</translation>
    </message>
    <message>
        <source>Kernel %1 — next step: %2</source>
        <translation>内核 %1 — 下一步：%2</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Blocked: %1</source>
        <translation>已阻塞：%1</translation>
    </message>
    <message>
        <source>No NVIDIA GPU on this machine: GPU stages cannot run here.</source>
        <translation>此计算机上没有 NVIDIA GPU：GPU 阶段无法在此运行。</translation>
    </message>
    <message>
        <source>Cannot run here: %1</source>
        <translation>无法在此运行：%1</translation>
    </message>
    <message>
        <source>%1 cannot run here: %2</source>
        <translation>%1 无法在此运行：%2</translation>
    </message>
    <message>
        <source>Run the selected stage again</source>
        <translation>再次运行所选阶段</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 failed: %2. %3</source>
        <translation>%1 失败：%2。%3</translation>
    </message>
    <message>
        <source>%1 running for %2:%3</source>
        <translation>%1 已运行 %2:%3</translation>
    </message>
    <message>
        <source>Live output</source>
        <translation>实时输出</translation>
    </message>
    <message>
        <source>Report: %1</source>
        <translation>报告：%1</translation>
    </message>
    <message>
        <source>Agent log: %1</source>
        <translation>代理日志：%1</translation>
    </message>
    <message>
        <source>No report, agent log or run log for %1 yet.</source>
        <translation>%1 尚无报告、代理日志或运行日志。</translation>
    </message>
    <message>
        <source>%1 does not exist (any more).</source>
        <translation>%1 不存在（或已不存在）。</translation>
    </message>
    <message>
        <source>%1 failed: %2
%3
--- last lines ---
%4
--- full log ---
%5</source>
        <translation>%1 失败：%2
%3
--- 最后几行 ---
%4
--- 完整日志 ---
%5</translation>
    </message>
    <message>
        <source>Rerun %1</source>
        <translation>重新运行 %1</translation>
    </message>
    <message>
        <source>Rerun %1 beyond the pipeline cap</source>
        <translation>超出流水线上限重新运行 %1</translation>
    </message>
    <message>
        <source>Cancel run</source>
        <translation>取消运行</translation>
    </message>
    <message>
        <source>Reload stage state</source>
        <translation>重新加载阶段状态</translation>
    </message>
    <message>
        <source>Trust this workspace?</source>
        <translation>信任此工作区？</translation>
    </message>
    <message>
        <source>TileLens is about to run commands declared for
%1

Run them only if you trust this workspace. Exactly what each command runs (arguments, shell, environment, working directory, timeout, launcher) and every path it writes are listed under “Show Details”.</source>
        <translation>TileLens 即将运行为以下位置声明的命令：
%1

仅当您信任此工作区时才运行它们。每个命令具体运行的内容（参数、shell、环境、工作目录、超时、启动器）以及它写入的每个路径都列在“显示详细信息”中。</translation>
    </message>
    <message>
        <source>Trust and run</source>
        <translation>信任并运行</translation>
    </message>
    <message>
        <source>Do not trust</source>
        <translation>不信任</translation>
    </message>
    <message>
        <source>Could not store the trust decision: %1</source>
        <translation>无法保存信任决定：%1</translation>
    </message>
    <message>
        <source>Not run: this workspace is not trusted.</source>
        <translation>未运行：此工作区不受信任。</translation>
    </message>
    <message>
        <source>%1 not run: %2</source>
        <translation>%1 未运行：%2</translation>
    </message>
    <message>
        <source>%1 runs once without CUPTI device times: %2</source>
        <translation>%1 在没有 CUPTI 设备时间的情况下运行一次：%2</translation>
    </message>
    <message>
        <source>%1: profiled run 1 of %2 with CUPTI</source>
        <translation>%1：使用 CUPTI 剖析运行，第 1 / %2 次</translation>
    </message>
    <message>
        <source>%1: profiled run %2 of %3 done, %4 configuration(s) measured</source>
        <translation>%1：剖析运行第 %2 / %3 次完成，已测量 %4 个配置</translation>
    </message>
    <message>
        <source>; no device times: %1</source>
        <translation>；无设备时间：%1</translation>
    </message>
    <message>
        <source>[… %1 bytes skipped in the live view; the log file has them]
</source>
        <translation>[… 实时视图中跳过了 %1 字节；日志文件中包含它们]
</translation>
    </message>
    <message>
        <source>[… %1 bytes skipped]</source>
        <translation>[… 跳过了 %1 字节]</translation>
    </message>
    <message>
        <source>%1 failed: %2
%3
--- last lines ---
%4</source>
        <translation>%1 失败：%2
%3
--- 最后几行 ---
%4</translation>
    </message>
    <message>
        <source>TileLens&apos;s own diff of %1 and %2 (the verdict in the status bar; no diff report was written)</source>
        <translation>TileLens 自己对 %1 和 %2 的比较（结论见状态栏；未写入 diff 报告）</translation>
    </message>
    <message>
        <source>Trusting covers those commands, where they run and the workspace scripts they run. It does not cover the files those scripts read or import, nor anything outside the workspace: a change there will not ask again.</source>
        <translation>信任涵盖这些命令、它们的运行位置以及它们运行的工作区脚本。它不涵盖这些脚本读取或导入的文件，也不涵盖工作区之外的任何内容：那里的更改不会再次询问。</translation>
    </message>
    <message>
        <source>Asked again because %1.</source>
        <translation>再次询问，原因：%1。</translation>
    </message>
    <message>
        <source>none, both IR files are there (the IR diff is in the inspector)</source>
        <translation>无，两个 IR 文件都已存在（IR 对比在检查器中）</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::panels::StageTableModel</name>
    <message>
        <source>The built-in &apos;%1&apos; is not available in this build.</source>
        <translation>内置阶段“%1”在此构建中不可用。</translation>
    </message>
    <message>
        <source>run of %1</source>
        <translation>%1 的运行</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>排队中</translation>
    </message>
    <message>
        <source>running %1</source>
        <translation>运行中 %1</translation>
    </message>
    <message>
        <source> (%1/%2 tests)</source>
        <translation>（%1/%2 个测试）</translation>
    </message>
    <message>
        <source>not runnable here</source>
        <translation>此处无法运行</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>stale</source>
        <translation>已过时</translation>
    </message>
    <message>
        <source>next: %1</source>
        <translation>下一步：%1</translation>
    </message>
    <message>
        <source>Cannot run here: %1</source>
        <translation>无法在此运行：%1</translation>
    </message>
    <message>
        <source>Verdict from %1</source>
        <translation>判定来自 %1</translation>
    </message>
    <message>
        <source>Over the pipeline cap (%1 runs, cap %2).</source>
        <translation>超出流水线上限（%1 次运行，上限 %2）。</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>Class / owner</source>
        <translation>类别 / 负责方</translation>
    </message>
    <message>
        <source>Runs / cap</source>
        <translation>次数 / 上限</translation>
    </message>
    <message>
        <source>Freshness</source>
        <translation>新鲜度</translation>
    </message>
    <message>
        <source>Next step</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>computed</source>
        <translation>已计算</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::HiddenTextNote</name>
    <message>
        <source>This file has a hidden or bidirectional Unicode character, drawn as a box: %1 on line %2. The text may read differently than it compiles.</source>
        <translation>此文件包含一个隐藏或双向 Unicode 字符，以方框显示：第 %2 行的 %1。文本看上去的样子可能与编译的内容不同。</translation>
    </message>
    <message>
        <source>This file has %1 hidden or bidirectional Unicode characters, drawn as boxes (the first is %2) on line %3. The text may read differently than it compiles.</source>
        <translation>此文件包含 %1 个隐藏或双向 Unicode 字符，以方框显示（第一个是 %2），位于第 %3 行。文本看上去的样子可能与编译的内容不同。</translation>
    </message>
    <message>
        <source>This file has %1 hidden or bidirectional Unicode characters, drawn as boxes (the first is %2) on lines %3. The text may read differently than it compiles.</source>
        <translation>此文件包含 %1 个隐藏或双向 Unicode 字符，以方框显示（第一个是 %2），位于第 %3 行。文本看上去的样子可能与编译的内容不同。</translation>
    </message>
    <message>
        <source>Go to line %1</source>
        <translation>转到第 %1 行</translation>
    </message>
    <message>
        <source>Latin</source>
        <translation>拉丁</translation>
    </message>
    <message>
        <source>Greek</source>
        <translation>希腊</translation>
    </message>
    <message>
        <source>Cyrillic</source>
        <translation>西里尔</translation>
    </message>
    <message>
        <source>Armenian</source>
        <translation>亚美尼亚</translation>
    </message>
    <message>
        <source>The name %1 on line %2 mixes %3 letters (%4): it may read as another name.</source>
        <translation>第 %2 行的名称 %1 混用了%3字母（%4）：它可能被读成另一个名称。</translation>
    </message>
    <message>
        <source>This file has %1 names that may read as other names; the first, %2 on line %3, mixes %4 letters (%5).</source>
        <translation>此文件有 %1 个名称可能被读成其他名称；第一个是第 %3 行的 %2，混用了%4字母（%5）。</translation>
    </message>
    <message>
        <source>The name %1 on line %2 is written in %3 letters (%4) that look like Latin ones: it reads as %5, another name.</source>
        <translation>第 %2 行的名称 %1 是用看起来像拉丁字母的%3字母（%4）写成的：它读作 %5，是另一个名称。</translation>
    </message>
    <message>
        <source>This file has %1 names that may read as other names; the first, %2 on line %3, is written in %4 letters (%5) that look like Latin ones and reads as %6.</source>
        <translation>此文件有 %1 个名称可能被读成其他名称；第一个是第 %3 行的 %2，是用看起来像拉丁字母的%4字母（%5）写成的，读作 %6。</translation>
    </message>
</context>
</TS>
