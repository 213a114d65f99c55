<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja">
<context>
    <name>AbiRule</name>
    <message>
        <source>%1 gets %2 where the reference passes %3 to its %4: the kernel reads or writes the wrong tensor</source>
        <translation>%1 には %2 が渡されますが、参照実装は %4 に %3 を渡します: カーネルは誤ったテンソルを読み書きします</translation>
    </message>
    <message>
        <source>%1 gets %2, where the reference&apos;s tensor for it is %3: a stride of the wrong tensor addresses the wrong elements whenever their layouts differ</source>
        <translation>%1 には %2 が渡されますが、参照実装での対応するテンソルは %3 です: 別のテンソルのストライドは、レイアウトが異なると誤った要素を指します</translation>
    </message>
    <message>
        <source>%1 gets %2, where the reference&apos;s tensor for it gives %3: the stride of the wrong dimension addresses the wrong elements</source>
        <translation>%1 には %2 が渡されますが、参照実装での対応するテンソルは %3 です: 誤った次元のストライドは誤った要素を指します</translation>
    </message>
    <message>
        <source>%1 gets %2 = %3 where the reference passes %4 = %5 for the same call (%6): the kernel works on the wrong size</source>
        <translation>%1 には %2 = %3 が渡されますが、同じ呼び出しで参照実装は %4 = %5 を渡します (%6): カーネルは誤ったサイズで動作します</translation>
    </message>
    <message>
        <source>dtype dispatch: %1 tensors run the kernel instantiated for %2, which reads and writes them as %2</source>
        <translation>dtype ディスパッチ: %1 のテンソルが %2 用にインスタンス化されたカーネルで実行され、%2 として読み書きされます</translation>
    </message>
    <message>
        <source>the kernel&apos;s element type generic is %1 whatever the dtype of %2: other dtypes are read and written as %1</source>
        <translation>カーネルの要素型ジェネリクスは %2 の dtype に関係なく %1 です: 他の dtype も %1 として読み書きされます</translation>
    </message>
    <message>
        <source>%1 gets a tensor of dtype %2 where the kernel reads %3 (the reference passes %4)</source>
        <translation>%1 には dtype %2 のテンソルが渡されますが、カーネルは %3 として読みます (参照実装は %4 を渡します)</translation>
    </message>
    <message>
        <source>grid %1 = %2 where the reference launches %3 for the same call (%4): blocks are missing or run past the tensors</source>
        <translation>グリッド %1 = %2 ですが、同じ呼び出しで参照実装は %3 で起動します (%4): ブロックが不足するか、テンソルの範囲外まで実行されます</translation>
    </message>
    <message>
        <source>%1 = %2 does not cover the reference&apos;s tile %3 = %4 (%5): elements past it are never loaded or stored</source>
        <translation>%1 = %2 は参照実装のタイル %3 = %4 を覆いません (%5): それを超える要素はロードもストアもされません</translation>
    </message>
    <message>
        <source>%1 copies %2 before the launch, where the reference passes it with its own strides: a copy on every call whose input is not contiguous</source>
        <translation>%1 は起動前に %2 をコピーしますが、参照実装は自身のストライドのまま渡します: 入力が連続でない呼び出しのたびにコピーが発生します</translation>
    </message>
    <message>
        <source>%1 allocates a tensor the reference does not (shape %2): memory and time on every call</source>
        <translation>%1 は参照実装が確保しないテンソルを確保します (形状 %2): 呼び出しごとにメモリと時間を消費します</translation>
    </message>
    <message>
        <source>the kernel is launched on %1, not on the caller&apos;s current stream: it is not ordered with the caller&apos;s work on that stream</source>
        <translation>カーネルは呼び出し元の現在のストリームではなく %1 で起動されます: 呼び出し元のそのストリーム上の処理と順序付けされません</translation>
    </message>
    <message>
        <source>unchecked_accesses = true: %1 runs without cuTile Rust&apos;s partition bounds checks (tile indices are not asserted to be in range); an index past a tensor reads or writes out of bounds instead of stopping the kernel</source>
        <translation>unchecked_accesses = true: %1 は cuTile Rust のパーティション境界チェックなしで実行されます (タイルインデックスの範囲は検査されません); テンソルを超えるインデックスはカーネルを停止させず、範囲外を読み書きします</translation>
    </message>
</context>
<context>
    <name>ChecklistText</name>
    <message>
        <source>Both forms compute the same values: nothing to fix.</source>
        <translation>どちらの形も同じ値を計算します。修正は不要です。</translation>
    </message>
    <message>
        <source>A known gap of cuTile Rust: the port cannot change it.</source>
        <translation>cuTile Rust の既知の制約です。移植側では変更できません。</translation>
    </message>
    <message>
        <source>The compiler optimises on every assume: one the launch does not guarantee can silently give wrong results.</source>
        <translation>コンパイラはすべての assume を前提に最適化します。起動が保証しない assume は、気づかないうちに誤った結果を生みます。</translation>
    </message>
    <message>
        <source>Another comparison predicate selects other elements, so masks, bounds and branches change.</source>
        <translation>比較述語が違うと選ばれる要素が変わり、マスク・境界・分岐が変わります。</translation>
    </message>
    <message>
        <source>Another constant changes the values computed.</source>
        <translation>定数が違うと計算される値が変わります。</translation>
    </message>
    <message>
        <source>Another math op computes another function of its inputs.</source>
        <translation>演算が違うと入力に対して別の関数を計算します。</translation>
    </message>
    <message>
        <source>Flushing subnormals to zero changes the results for very small values.</source>
        <translation>非正規化数をゼロにフラッシュすると、非常に小さな値の結果が変わります。</translation>
    </message>
    <message>
        <source>A function on one side only is code the other side does not have.</source>
        <translation>片側にしかない関数は、もう一方にないコードです。</translation>
    </message>
    <message>
        <source>allow_tma decides whether loads may use the Tensor Memory Accelerator, which changes speed and the layouts a load accepts.</source>
        <translation>allow_tma はロードが Tensor Memory Accelerator を使えるかを決め、速度とロードが受け付けるレイアウトを変えます。</translation>
    </message>
    <message>
        <source>A reduction starts from its identity: a wrong one (0 instead of -inf for a max) changes every reduced value.</source>
        <translation>リダクションは単位元から始まります。誤った単位元（max に -inf ではなく 0）はすべての縮約値を変えます。</translation>
    </message>
    <message>
        <source>A bounded and an unbounded loop can run a different number of iterations.</source>
        <translation>有界ループと無界ループでは反復回数が異なることがあります。</translation>
    </message>
    <message>
        <source>Another family of memory op reads or writes memory another way (pointers or views, masks, tokens).</source>
        <translation>メモリ操作の種類が違うと、メモリの読み書きの仕方（ポインタかビューか、マスク、トークン）が変わります。</translation>
    </message>
    <message>
        <source>A weaker memory ordering or a narrower scope can let other threads see stale or reordered values.</source>
        <translation>より弱いメモリ順序や狭いスコープでは、他のスレッドが古い値や順序の入れ替わった値を見ることがあります。</translation>
    </message>
    <message>
        <source>Side effects in another order change what memory holds when two of them touch the same address.</source>
        <translation>副作用の順序が違うと、二つが同じアドレスに触れる場合にメモリの内容が変わります。</translation>
    </message>
    <message>
        <source>This type only follows another difference: fix that one and this one goes away.</source>
        <translation>この型は別の差異から生じているだけです。そちらを直せばこれは消えます。</translation>
    </message>
    <message>
        <source>The entry takes its arguments another way: the launch must pass them as the generated entry expects.</source>
        <translation>エントリの引数の受け取り方が違います。起動側は生成されたエントリが期待する形で渡す必要があります。</translation>
    </message>
    <message>
        <source>A launch hint changes speed, not the values computed.</source>
        <translation>起動ヒントは速度を変えますが、計算される値は変えません。</translation>
    </message>
    <message>
        <source>Other strides address other elements: reads and writes go to the wrong places.</source>
        <translation>ストライドが違うと別の要素を指し、読み書きが誤った位置に行きます。</translation>
    </message>
    <message>
        <source>A narrower accumulator loses precision over the sums of a matrix multiply.</source>
        <translation>より狭いアキュムレータでは、行列積の総和で精度が失われます。</translation>
    </message>
    <message>
        <source>Without the conversion the accumulator is stored as it is: the output gets the wrong element type or values.</source>
        <translation>変換がないとアキュムレータがそのまま格納され、出力の要素型や値が誤ります。</translation>
    </message>
    <message>
        <source>A matrix multiply fed by other values computes another product.</source>
        <translation>別の値を入力された行列積は別の積を計算します。</translation>
    </message>
    <message>
        <source>Tokens order memory accesses: another order matters only when two accesses can touch the same address.</source>
        <translation>トークンはメモリアクセスの順序を決めます。順序の違いが問題になるのは、二つのアクセスが同じアドレスに触れうる場合だけです。</translation>
    </message>
    <message>
        <source>Another loop step visits other iterations: tiles are skipped or done twice.</source>
        <translation>ループのステップが違うと別の反復を訪れ、タイルが飛ばされたり二重に処理されたりします。</translation>
    </message>
    <message>
        <source>Another partition tile shape cuts the tensor into other tiles: elements are read from or written to the wrong places.</source>
        <translation>パーティションのタイル形状が違うとテンソルが別のタイルに分割され、要素が誤った位置から読まれたり誤った位置に書かれたりします。</translation>
    </message>
    <message>
        <source>Masked-off lanes of a gather are undefined without padding: they matter wherever they reach a result.</source>
        <translation>パディングがないと gather のマスクされたレーンは未定義で、結果に届くところでは問題になります。</translation>
    </message>
    <message>
        <source>maxf and minf are exact: a rounding attribute on them changes nothing.</source>
        <translation>maxf と minf は厳密なので、丸め属性を付けても何も変わりません。</translation>
    </message>
    <message>
        <source>An unused constant changes nothing: the canonicalizer removes it.</source>
        <translation>使われない定数は何も変えません。正規化で取り除かれます。</translation>
    </message>
    <message>
        <source>The assume states what the launch guarantees anyway: it changes nothing.</source>
        <translation>この assume は起動がもともと保証していることを述べているだけで、何も変えません。</translation>
    </message>
</context>
<context>
    <name>CpuRun</name>
    <message>
        <source>inconclusive: on %1 the reference itself fails (%2): these inputs are outside the reference&apos;s contract, so the run refutes nothing</source>
        <translation>結論なし: %1 ではリファレンス自体が失敗します (%2): これらの入力はリファレンスの契約の範囲外なので、この実行は何も反証しません</translation>
    </message>
    <message>
        <source>inconclusive: the outputs differ on %1, which may lie outside the reference&apos;s contract (the sizes it was compiled for), and no critical divergence explains them, so the run refutes nothing; give the binding to decide</source>
        <translation>結論なし: %1 で出力が異なりますが、これはリファレンスの契約 (コンパイル時のサイズ) の範囲外かもしれず、それを説明する重大な相違もないため、この実行は何も反証しません。判断するにはバインディングを指定してください</translation>
    </message>
    <message>
        <source>a guessed binding (%1)</source>
        <translation>推測したバインディング (%1)</translation>
    </message>
    <message>
        <source>the binding derived from the port&apos;s launch chain (%1)</source>
        <translation>ポートの起動チェーンから導いたバインディング (%1)</translation>
    </message>
    <message>
        <source>a binding derived from the pair (%1)</source>
        <translation>ペアから導いたバインディング (%1)</translation>
    </message>
    <message>
        <source>the given binding (%1)</source>
        <translation>指定されたバインディング (%1)</translation>
    </message>
</context>
<context>
    <name>DivergenceText</name>
    <message>
        <source>%1, unproven</source>
        <translation>%1、未証明</translation>
    </message>
    <message>
        <source>ref %1 ↔ gen %2</source>
        <translation>参照 %1 ↔ 生成 %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Proof:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;証明：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Counterexample:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;反例：&lt;/b&gt;%1</translation>
    </message>
    <message numerus="yes">
        <source>%n site(s); all of them in the details pane</source>
        <translation>
            <numerusform>%n 箇所。すべて詳細ペインにあります</numerusform>
        </translation>
    </message>
    <message>
        <source>owner: %1</source>
        <translation>担当：%1</translation>
    </message>
    <message>
        <source>checklist item %1</source>
        <translation>チェックリスト項目 %1</translation>
    </message>
    <message>
        <source>attribute: %1</source>
        <translation>属性：%1</translation>
    </message>
    <message>
        <source>reference: &lt;code&gt;%1&lt;/code&gt; · generated: &lt;code&gt;%2&lt;/code&gt;</source>
        <translation>参照：&lt;code&gt;%1&lt;/code&gt; · 生成：&lt;code&gt;%2&lt;/code&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Unproven:&lt;/b&gt; no counterexample found: the differ could not show the two sides equal, nor find an input on which they differ</source>
        <translation>&lt;b&gt;未証明：&lt;/b&gt;反例は見つかりません：差分器は両側が等しいことを示せず、両側が異なる入力も見つけられませんでした</translation>
    </message>
    <message>
        <source>&lt;b&gt;CPU run:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;CPU 実行：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Sites (%1):&lt;/b&gt; %2</source>
        <translation>&lt;b&gt;箇所（%1）：&lt;/b&gt;%2</translation>
    </message>
    <message numerus="yes">
        <source>; %n op(s) using its result differ only through it</source>
        <translation>
            <numerusform>；その結果を使う %n 個の op はこれが原因でのみ異なる</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%n sites)</source>
        <translation>
            <numerusform>（%n 箇所）</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Why it matters:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;重要な理由:&lt;/b&gt; %1</translation>
    </message>
</context>
<context>
    <name>RuleMessage</name>
    <message>
        <source>{op}: rounding {ref_value} in reference, {gen_value} in generated: another IEEE rounding mode (absent is nearest_even) can change the last bit of a result</source>
        <translation>{op}: 丸めがリファレンスでは {ref_value}、生成側では {gen_value}: 別の IEEE 丸めモード (指定なしは nearest_even) は結果の最下位ビットを変え得る</translation>
    </message>
    <message>
        <source>assume {gen_value} on a block id, grid size or loop index only in generated</source>
        <translation>ブロック ID・グリッドサイズ・ループインデックスへの assume {gen_value} が生成側のみ</translation>
    </message>
    <message>
        <source>assume {gen_value} on a scalar only in generated: a divisibility hint derived from the launch value (review: a wrong claim miscompiles)</source>
        <translation>スカラーへの assume {gen_value} が生成側のみ：起動時の値から導いた整除性ヒント（要確認：誤った主張は誤コンパイルを招く）</translation>
    </message>
    <message>
        <source>assume {gen_value} only in generated</source>
        <translation>assume {gen_value} が生成側のみ</translation>
    </message>
    <message>
        <source>assume {ref_value} in reference, {gen_value} in generated on a value the kernel computes: a stronger divisibility claim no launch guarantees; where it is false the compiler may miscompile</source>
        <translation>assume がリファレンスでは {ref_value}、生成側では {gen_value}（カーネルが計算する値）: どの起動も保証しない、より強い割り切れ性の主張。偽の場合、コンパイラが誤ったコードを生成しうる</translation>
    </message>
    <message>
        <source>assume {ref_value} in reference, {gen_value} in generated: a divisibility hint chosen by each launcher from the argument value (review that it holds for every launch)</source>
        <translation>参照側は assume {ref_value}、生成側は {gen_value}：各ランチャーが引数値から選んだ整除性ヒント（すべての起動で成り立つか確認）</translation>
    </message>
    <message>
        <source>assume {ref_value} on a pointer missing in generated (views/TMA; no measured gap)</source>
        <translation>ポインタへの assume {ref_value} が生成側にない（ビュー/TMA；測定上の差なし）</translation>
    </message>
    <message>
        <source>assume {ref_value} on a pointer missing in generated, which accesses memory through raw pointers</source>
        <translation>ポインタへの assume {ref_value} が生成側にない（生成側は生ポインタでメモリにアクセス）</translation>
    </message>
    <message>
        <source>assume {ref_value} present in reference, missing in generated</source>
        <translation>assume {ref_value} が参照側にあり、生成側にない</translation>
    </message>
    <message>
        <source>constant: value {ref_value} in reference, {gen_value} in generated</source>
        <translation>constant：値は参照側 {ref_value}、生成側 {gen_value}</translation>
    </message>
    <message>
        <source>entry hint {attribute} = {ref_value} in reference, missing in generated</source>
        <translation>エントリのヒント {attribute} = {ref_value} が参照側にあり、生成側にない</translation>
    </message>
    <message>
        <source>entry hint {attribute} = {gen_value} only in generated, the reference keeps the compiler&apos;s default: a launch hint (occupancy: CTAs per SM the compiler budgets registers for; num_cta_in_cga: CTAs per cluster, the grid must be a multiple of it): it changes speed, not the values computed (checklist M1)</source>
        <translation>エントリのヒント {attribute} = {gen_value} が生成側のみにあり、参照側はコンパイラの既定値のまま：起動ヒント（occupancy：コンパイラがレジスタを割り当てる SM あたりの CTA 数、num_cta_in_cga：クラスタあたりの CTA 数で、グリッドはその倍数でなければならない）。速度は変わるが、計算される値は変わらない（チェックリスト M1）</translation>
    </message>
    <message>
        <source>entry hint {attribute}: {ref_value} in reference, {gen_value} in generated: a launch hint (occupancy: CTAs per SM the compiler budgets registers for; num_cta_in_cga: CTAs per cluster, the grid must be a multiple of it): it changes speed, not the values computed (checklist M1)</source>
        <translation>エントリのヒント {attribute}：参照側 {ref_value}、生成側 {gen_value}：起動ヒント（occupancy：コンパイラがレジスタを割り当てる SM あたりの CTA 数、num_cta_in_cga：クラスタあたりの CTA 数で、グリッドはその倍数でなければならない）。速度は変わるが、計算される値は変わらない（チェックリスト M1）</translation>
    </message>
    <message>
        <source>entry: argument ABI: {ref_value} in reference, {gen_value} in generated; the same element types behind the pointers, passed as array descriptors (pointer, shape, strides) vs raw pointers and scalars: a calling convention that changes no result by itself (how the kernel uses each value is compared op by op); review the launcher&apos;s argument order</source>
        <translation>entry：引数 ABI：参照側 {ref_value}、生成側 {gen_value}。ポインタの先の要素型は同じで、配列記述子（ポインタ・形状・ストライド）と生ポインタ＋スカラーという渡し方の違い：呼び出し規約だけでは結果は変わらない（各値の使われ方は op ごとに比較）。ランチャーの引数順を確認</translation>
    </message>
    <message>
        <source>entry: specialised constant vs runtime argument: the reference is compiled for the constants {ref_value} (its entry name), the generated entry takes {gen_value}; review that every launch passes the reference&apos;s values</source>
        <translation>entry：特殊化された定数と実行時引数：参照側は定数 {ref_value} 向けにコンパイル（エントリ名より）、生成側エントリは {gen_value} を受け取る。すべての起動で参照側の値が渡されるか確認</translation>
    </message>
    <message>
        <source>entry: {attribute} {ref_value} in reference, {gen_value} in generated</source>
        <translation>entry：{attribute} 参照側 {ref_value}、生成側 {gen_value}</translation>
    </message>
    <message>
        <source>for: loop bound differs (operand {operand})</source>
        <translation>for：ループ境界が異なる（オペランド {operand}）</translation>
    </message>
    <message>
        <source>for: loop step differs (operand {operand})</source>
        <translation>for：ループのステップが異なる（オペランド {operand}）</translation>
    </message>
    <message>
        <source>{function}: function present on one side only</source>
        <translation>{function}：関数が片側にのみ存在</translation>
    </message>
    <message>
        <source>{function}: reference carries source locations, generated has none (cuTile Rust emits no debug locations)</source>
        <translation>{function}：参照側にはソース位置があり、生成側にはない（cuTile Rust はデバッグ位置を出力しない）</translation>
    </message>
    <message>
        <source>{op}: accumulator type {ref_value} in reference, {gen_value} in generated</source>
        <translation>{op}：アキュムレータ型 参照側 {ref_value}、生成側 {gen_value}</translation>
    </message>
    <message>
        <source>{op}: allow_tma {ref_value} in reference, {gen_value} in generated</source>
        <translation>{op}：allow_tma 参照側 {ref_value}、生成側 {gen_value}</translation>
    </message>
    <message>
        <source>{op}: bounded for vs unbounded loop ({ref_op} in reference, {gen_op} in generated)</source>
        <translation>{op}：有界 for と無限ループ（参照側 {ref_op}、生成側 {gen_op}）</translation>
    </message>
    <message>
        <source>{op}: conversion {ref_value} present in reference, missing in generated (store from accumulator needs it)</source>
        <translation>{op}：変換 {ref_value} が参照側にあり、生成側にない（アキュムレータからのストアに必要）</translation>
    </message>
    <message>
        <source>{op}: duplicate of an identical earlier op (CSE merges it)</source>
        <translation>{op}：前にある同一 op の重複（CSE で統合される）</translation>
    </message>
    <message>
        <source>{op}: gather padding {ref_value} in reference, {gen_value} in generated: the masked-off lanes hold another value, which reaches memory wherever a store mask admits a lane the load mask excludes</source>
        <translation>{op}: gather のパディングがリファレンスでは {ref_value}、生成側では {gen_value}: マスクされたレーンが別の値を持ち、ロードのマスクが除外するレーンをストアのマスクが許す箇所ではその値がメモリに書かれる</translation>
    </message>
    <message>
        <source>{op}: gather padding {ref_value} -&gt; {gen_value}: masked-off lanes are undefined without padding; they reach memory only where a store mask admits a lane the load mask excludes (a store extent larger than the load extent)</source>
        <translation>{op}：gather のパディング {ref_value} -&gt; {gen_value}：パディングなしではマスクされたレーンは未定義。ロードマスクが除外するレーンをストアマスクが許す場合（ストア範囲がロード範囲より大きい）にのみメモリに達する</translation>
    </message>
    <message>
        <source>{op}: get_index_space_shape on one side, manual ceil-div of the tensor shape on the other</source>
        <translation>{op}：片側は get_index_space_shape、もう片側はテンソル形状の手動切り上げ除算</translation>
    </message>
    <message>
        <source>{op}: hint {attribute} = {gen_value} only in generated</source>
        <translation>{op}：ヒント {attribute} = {gen_value} が生成側のみ</translation>
    </message>
    <message>
        <source>{op}: hint {attribute} = {ref_value} missing in generated (unsupported by cuTile Rust)</source>
        <translation>{op}：ヒント {attribute} = {ref_value} が生成側にない（cuTile Rust 未対応）</translation>
    </message>
    <message>
        <source>{op}: hint {attribute} missing in generated (cuTile Rust may not emit it)</source>
        <translation>{op}：ヒント {attribute} が生成側にない（cuTile Rust が出力しない可能性）</translation>
    </message>
    <message>
        <source>{op}: hint {attribute} {ref_value} in reference, {gen_value} in generated</source>
        <translation>{op}：ヒント {attribute} 参照側 {ref_value}、生成側 {gen_value}</translation>
    </message>
    <message>
        <source>{op}: identities {ref_value} in reference, {gen_value} in generated</source>
        <translation>{op}：単位元 参照側 {ref_value}、生成側 {gen_value}</translation>
    </message>
    <message>
        <source>{op}: loaded tile and token unused, present on one side only (no result change, but memory is read for nothing)</source>
        <translation>{op}：ロードしたタイルとトークンが未使用で片側のみ（結果は変わらないが、メモリを無駄に読む）</translation>
    </message>
    <message>
        <source>{op}: loop step wrapped in assume on one side, raw on the other</source>
        <translation>{op}：ループのステップが片側では assume で包まれ、もう片側ではそのまま</translation>
    </message>
    <message>
        <source>{op}: make_strided_view has no cuTile Rust equivalent (partition views are used instead)</source>
        <translation>{op}：make_strided_view に相当するものは cuTile Rust にない（代わりにパーティションビューを使う）</translation>
    </message>
    <message>
        <source>{op}: memory op differs ({ref_op} in reference, {gen_op} in generated)</source>
        <translation>{op}：メモリ op が異なる（参照側 {ref_op}、生成側 {gen_op}）</translation>
    </message>
    <message>
        <source>{op}: operand type {ref_value} written in reference, {gen_value} in generated</source>
        <translation>{op}：オペランド型の表記 参照側 {ref_value}、生成側 {gen_value}</translation>
    </message>
    <message>
        <source>{op}: operand {operand} fed by a different value in generated</source>
        <translation>{op}：生成側でオペランド {operand} に別の値が渡される</translation>
    </message>
    <message>
        <source>{op}: ordering token {ref_value} -&gt; {gen_value} (checklist M6) - harmless, proven: root tokens only</source>
        <translation>{op}：順序トークン {ref_value} -&gt; {gen_value}（チェックリスト M6）- 無害、証明済み：ルートトークンのみ</translation>
    </message>
    <message>
        <source>{op}: ordering token {ref_value} -&gt; {gen_value} (checklist M6): memory ops are ordered differently; harmless unless two of them can touch the same address</source>
        <translation>{op}：順序トークン {ref_value} -&gt; {gen_value}（チェックリスト M6）：メモリ op の順序が異なる。同じアドレスに触れうる op が 2 つなければ無害</translation>
    </message>
    <message>
        <source>{op}: padding_value {ref_value} in reference, {gen_value} in generated</source>
        <translation>{op}：padding_value 参照側 {ref_value}、生成側 {gen_value}</translation>
    </message>
    <message>
        <source>{op}: partition tile {ref_value} in reference, {gen_value} in generated</source>
        <translation>{op}：パーティションタイル 参照側 {ref_value}、生成側 {gen_value}</translation>
    </message>
    <message>
        <source>{op}: result type {ref_value} -&gt; {gen_value} follows from an operand&apos;s type change</source>
        <translation>{op}：結果型 {ref_value} -&gt; {gen_value} はオペランドの型変更に由来</translation>
    </message>
    <message>
        <source>{op}: result type {ref_value} in reference, {gen_value} in generated</source>
        <translation>{op}：結果型 参照側 {ref_value}、生成側 {gen_value}</translation>
    </message>
    <message>
        <source>{op}: result unused, present on one side only (dead code)</source>
        <translation>{op}：結果が未使用で片側のみ（デッドコード）</translation>
    </message>
    <message>
        <source>{op}: rounding attribute {gen_value} in generated (maxf/minf take none; harmless: max and min are exact)</source>
        <translation>{op}：生成側に丸め属性 {gen_value}（maxf/minf は取らない。無害：max と min は厳密）</translation>
    </message>
    <message>
        <source>{op}: side-effecting op in a different order relative to others</source>
        <translation>{op}：副作用のある op の他の op に対する順序が異なる</translation>
    </message>
    <message>
        <source>{op}: strided view with element offsets on one side, partition view with tile indices on the other, addressing the same elements</source>
        <translation>{op}：片側は要素オフセットのストライドビュー、もう片側はタイルインデックスのパーティションビューで、同じ要素を指す</translation>
    </message>
    <message>
        <source>{op}: strides {ref_value} in reference, {gen_value} in generated</source>
        <translation>{op}：ストライド 参照側 {ref_value}、生成側 {gen_value}</translation>
    </message>
    <message>
        <source>{op}: token join on one side only (checklist M6) - harmless, proven: it orders stores after the loads their values are computed from</source>
        <translation>{op}: 片側のみのトークン結合 (チェックリスト M6) - 無害、証明済み: 値の計算元であるロードの後にストアを順序付けるだけ</translation>
    </message>
    <message>
        <source>{op}: token op on one side only (checklist M6) - harmless, proven: a fresh root token</source>
        <translation>{op}：トークン op が片側のみ（チェックリスト M6）- 無害、証明済み：新しいルートトークン</translation>
    </message>
    <message>
        <source>{op}: token op present on one side only (token-creating op counts must be equal)</source>
        <translation>{op}：トークン op が片側のみ（トークンを作る op の数は等しくなければならない）</translation>
    </message>
    <message>
        <source>{op}: unused constant {value} on one side only (canonicalize removes it)</source>
        <translation>{op}：未使用の定数 {value} が片側のみ（canonicalize で除去される）</translation>
    </message>
    <message>
        <source>{op}: {attribute} {ref_value} in reference, {gen_value} in generated</source>
        <translation>{op}：{attribute} 参照側 {ref_value}、生成側 {gen_value}</translation>
    </message>
    <message>
        <source>{op}: {kind} {attribute} {ref_value} -&gt; {gen_value}</source>
        <translation>{op}：{kind} {attribute} {ref_value} -&gt; {gen_value}</translation>
    </message>
    <message>
        <source>{op}: {kind} {attribute} {ref_value} -&gt; {gen_value} - equal under a stated precondition (review it)</source>
        <translation>{op}：{kind} {attribute} {ref_value} -&gt; {gen_value} - 記載の前提条件の下で等しい（要確認）</translation>
    </message>
    <message>
        <source>{op}: {kind} {attribute} {ref_value} -&gt; {gen_value} - equivalent (proof attached)</source>
        <translation>{op}：{kind} {attribute} {ref_value} -&gt; {gen_value} - 等価（証明付き）</translation>
    </message>
    <message>
        <source>{op}: {ref_op} in reference, {gen_op} in generated</source>
        <translation>{op}：参照側 {ref_op}、生成側 {gen_op}</translation>
    </message>
    <message>
        <source>{op}: mask bounds differ: {ref_value} in reference; {gen_value} in generated; the same lanes only when the launch makes the bounds agree (one block per bounded row, tensor extents equal to the generated bound): a grid with more blocks than rows, or extents other than the generated bound, changes which lanes are read and written (host evidence)</source>
        <translation>{op}: マスクの境界が異なります: リファレンスでは {ref_value}、生成コードでは {gen_value}。起動設定で境界が一致する場合（境界のある行ごとに 1 ブロック、テンソルの範囲が生成コードの境界と等しい）にのみ同じレーンになります。行数より多いブロックを持つグリッド、または生成コードの境界と異なる範囲では、読み書きされるレーンが変わります（ホスト側の根拠）</translation>
    </message>
</context>
<context>
    <name>RunMessage</name>
    <message>
        <source>the runner is shutting down</source>
        <translation>ランナーを終了中</translation>
    </message>
    <message>
        <source>%1 is not a directory</source>
        <translation>%1 はディレクトリではない</translation>
    </message>
    <message>
        <source>unknown stage &apos;%1&apos; (known: %2)</source>
        <translation>不明なステージ &apos;%1&apos;（既知：%2）</translation>
    </message>
    <message>
        <source>tilelens.json is invalid: %1</source>
        <translation>tilelens.json が無効：%1</translation>
    </message>
    <message>
        <source>not runnable here: %1</source>
        <translation>ここでは実行できない：%1</translation>
    </message>
    <message>
        <source>not runnable here: the built-in &apos;%1&apos; is not available in this build</source>
        <translation>ここでは実行できない：組み込み &apos;%1&apos; はこのビルドにない</translation>
    </message>
    <message>
        <source>workspace not trusted (%1): nothing was run; review its commands and trust it first</source>
        <translation>ワークスペースが信頼されていない（%1）：何も実行していない。まずコマンドを確認して信頼すること</translation>
    </message>
    <message>
        <source>replaced by a newer request (%1)</source>
        <translation>新しい要求に置き換えられた（%1）</translation>
    </message>
    <message>
        <source>stage %1 already ran %2 time(s) in this pipeline run (cap %3); override the cap or start a new pipeline run</source>
        <translation>ステージ %1 はこのパイプライン実行ですでに %2 回実行済み（上限 %3）。上限を無視するか、新しいパイプライン実行を開始すること</translation>
    </message>
    <message>
        <source>cannot write the log %1</source>
        <translation>ログ %1 を書き込めない</translation>
    </message>
    <message>
        <source>cannot start %1: %2</source>
        <translation>%1 を起動できない：%2</translation>
    </message>
    <message>
        <source>nothing was run: the stage supervisor tilelens-stage-supervisor is missing (looked in %1)</source>
        <translation>何も実行していない：ステージ監視プログラム tilelens-stage-supervisor がない（探した場所：%1）</translation>
    </message>
    <message>
        <source>timed out after %1 s</source>
        <translation>%1 秒でタイムアウト</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>キャンセル済み</translation>
    </message>
    <message>
        <source>cancelled before it started</source>
        <translation>開始前にキャンセル</translation>
    </message>
    <message>
        <source>cancelled (the app quit)</source>
        <translation>キャンセル（アプリ終了）</translation>
    </message>
    <message>
        <source>killed by signal %1 (%2)</source>
        <translation>シグナル %1 で強制終了（%2）</translation>
    </message>
    <message>
        <source>refused to copy the log to %1: it now resolves to %2, outside the workspace</source>
        <translation>ログの %1 へのコピーを拒否：現在はワークスペース外の %2 を指している</translation>
    </message>
    <message>
        <source>could not copy the log to %1</source>
        <translation>ログを %1 にコピーできなかった</translation>
    </message>
    <message>
        <source>needs an NVIDIA GPU; none is visible on this machine (or declare a slurm launcher for it)</source>
        <translation>NVIDIA GPU が必要だが、このマシンには見当たらない（または slurm ランチャーを宣言する）</translation>
    </message>
    <message>
        <source>needs %1 (not set in the environment or tilelens.json)</source>
        <translation>%1 が必要（環境にも tilelens.json にも設定なし）</translation>
    </message>
    <message>
        <source>the stage has no command</source>
        <translation>ステージにコマンドがない</translation>
    </message>
    <message>
        <source>the slurm launcher needs &apos;%1&apos; on PATH</source>
        <translation>slurm ランチャーには PATH 上の &apos;%1&apos; が必要</translation>
    </message>
    <message>
        <source>working directory %1 does not exist</source>
        <translation>作業ディレクトリ %1 が存在しない</translation>
    </message>
    <message>
        <source>program %1 is not an executable file</source>
        <translation>プログラム %1 は実行可能ファイルではない</translation>
    </message>
    <message>
        <source>program &apos;%1&apos; is not on PATH</source>
        <translation>プログラム &apos;%1&apos; が PATH にない</translation>
    </message>
    <message>
        <source>libtilelens_cupti.so was not found (it is built only with the CUDA Toolkit and CUPTI; set TILELENS_CUPTI_LIBRARY to its path)</source>
        <translation>libtilelens_cupti.so が見つからない（CUDA Toolkit と CUPTI がある場合のみビルドされる。TILELENS_CUPTI_LIBRARY にパスを設定）</translation>
    </message>
    <message>
        <source>no NVIDIA GPU is visible on this machine, so no kernel can be measured</source>
        <translation>このマシンには NVIDIA GPU が見当たらないため、カーネルを測定できない</translation>
    </message>
    <message>
        <source>the CUPTI library recorded nothing: %1</source>
        <translation>CUPTI ライブラリは何も記録しなかった：%1</translation>
    </message>
    <message>
        <source>no record files: the command created no CUDA context, or the CUDA driver did not load the injection library</source>
        <translation>記録ファイルがない：コマンドが CUDA コンテキストを作らなかったか、CUDA ドライバが注入ライブラリを読み込まなかった</translation>
    </message>
    <message>
        <source>the command launched no kernel that CUPTI saw</source>
        <translation>コマンドは CUPTI が捉えたカーネルを起動しなかった</translation>
    </message>
    <message>
        <source>nothing was run: %1</source>
        <translation>何も実行されませんでした: %1</translation>
    </message>
</context>
<context>
    <name>Severity</name>
    <message>
        <source>critical</source>
        <translation>重大</translation>
    </message>
    <message>
        <source>warn</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>info</source>
        <translation>情報</translation>
    </message>
    <message>
        <source>equivalent</source>
        <translation>等価</translation>
    </message>
    <message>
        <source>noise</source>
        <translation>ノイズ</translation>
    </message>
    <message>
        <source>known gap</source>
        <translation>既知のギャップ</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>カーネル</translation>
    </message>
    <message>
        <source>host</source>
        <translation>ホスト</translation>
    </message>
</context>
<context>
    <name>SourceLinkNote</name>
    <message>
        <source>This op has no source location in the reference IR; showing the kernel function.</source>
        <translation>この演算には参照 IR にソース位置がありません。カーネル関数を表示しています。</translation>
    </message>
    <message>
        <source>The reference IR carries no source locations; showing the kernel function.</source>
        <translation>参照 IR にはソース位置がありません。カーネル関数を表示しています。</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::AbiFindingsView</name>
    <message>
        <source>critical</source>
        <translation>重大</translation>
    </message>
    <message>
        <source>warn</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>note</source>
        <translation>注記</translation>
    </message>
    <message>
        <source>Launch ABI findings</source>
        <translation>起動 ABI の指摘</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>重大度</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>ルール</translation>
    </message>
    <message>
        <source>Place</source>
        <translation>場所</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>メッセージ</translation>
    </message>
    <message>
        <source>No port selected</source>
        <translation>移植が選択されていません</translation>
    </message>
    <message>
        <source>Reading the launch chain of %1…</source>
        <translation>%1 の起動チェーンを読み込み中…</translation>
    </message>
    <message>
        <source>%1: no launch chain to read</source>
        <translation>%1: 読み込める起動チェーンがありません</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n ABI finding(s)</source>
        <translation>
            <numerusform>%1: ABI の指摘 %n 件</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tilelens::gui::AlignedIrView</name>
    <message>
        <source>Reference</source>
        <translation>参照</translation>
    </message>
    <message>
        <source>Generated</source>
        <translation>生成</translation>
    </message>
    <message>
        <source>(no matching op)</source>
        <translation>（対応する演算なし）</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>%1 行目</translation>
    </message>
    <message>
        <source>Matched, no divergence</source>
        <translation>対応あり、差異なし</translation>
    </message>
    <message>
        <source>generated</source>
        <translation>生成 IR</translation>
    </message>
    <message>
        <source>reference</source>
        <translation>参照 IR</translation>
    </message>
    <message numerus="yes">
        <source>Reordered: the matched op is %1 line %2, %n row(s) above</source>
        <translation>
            <numerusform>順序変更：対応する演算は%1の %2 行目、%n 行上にあります</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reordered: the matched op is %1 line %2, %n row(s) below</source>
        <translation>
            <numerusform>順序変更：対応する演算は%1の %2 行目、%n 行下にあります</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tilelens::gui::Application</name>
    <message>
        <source>tilelens: loading %1 did not finish within %2 s</source>
        <translation>tilelens: %1 の読み込みが %2 秒以内に完了しませんでした</translation>
    </message>
    <message>
        <source>Screenshot written to %1</source>
        <translation>スクリーンショットを %1 に書き込みました</translation>
    </message>
    <message>
        <source>tilelens: the window could not be rendered</source>
        <translation>tilelens: ウィンドウを描画できませんでした</translation>
    </message>
    <message>
        <source>tilelens: cannot write %1</source>
        <translation>tilelens: %1 に書き込めません</translation>
    </message>
    <message>
        <source>Inspect GPU-kernel ports from cuTile Python to cuTile Rust.</source>
        <translation>cuTile Python から cuTile Rust への GPU カーネル移植を検査します。</translation>
    </message>
    <message>
        <source>Load PATH, render the window (%1x%2 unless --size) to the PNG FILE and exit.</source>
        <translation>PATH を読み込み、ウィンドウ（--size がなければ %1x%2）を PNG ファイル FILE に描画して終了します。</translation>
    </message>
    <message>
        <source>With --screenshot: the window size, e.g. 1024x700.</source>
        <translation>--screenshot と併用：ウィンドウサイズ（例：1024x700）。</translation>
    </message>
    <message>
        <source>Open PATH, print launch to first aligned diff painted (ms), peak RSS and the longest event-loop stall, and exit.</source>
        <translation>PATH を開き、起動から最初の整列済み差分が描画されるまでの時間（ms）、ピーク RSS、イベントループの最長停止時間を出力して終了します。</translation>
    </message>
    <message>
        <source>Workspace to open: a TileGym checkout, a kernel output root or a kernel directory (default: the bundled example); or two IR files REF GEN (.mlir or .tileirbc) to compare.</source>
        <translation>開くワークスペース：TileGym のチェックアウト、カーネル出力ルート、またはカーネルディレクトリ（既定：同梱のサンプル）。あるいは比較する 2 つの IR ファイル REF GEN（.mlir または .tileirbc）。</translation>
    </message>
    <message>
        <source>tilelens: --size expects WIDTHxHEIGHT between 320 and 8192 pixels, got &quot;%1&quot;</source>
        <translation>tilelens: --size には 320〜8192 ピクセルの 幅x高さ を指定してください（指定値：「%1」）</translation>
    </message>
    <message>
        <source>tilelens: %1 is not an IR file (two paths compare two IR files)</source>
        <translation>tilelens: %1 は IR ファイルではありません（パスを 2 つ指定すると 2 つの IR ファイルを比較します）</translation>
    </message>
    <message>
        <source>tilelens: expected at most one PATH</source>
        <translation>tilelens: PATH は 1 つまでです</translation>
    </message>
    <message>
        <source>tilelens: the bundled example workspace was not found; pass a PATH or set TILELENS_EXAMPLE_DIR</source>
        <translation>tilelens: 同梱のサンプルワークスペースが見つかりません。PATH を指定するか TILELENS_EXAMPLE_DIR を設定してください</translation>
    </message>
    <message>
        <source>tilelens: no display found (DISPLAY and WAYLAND_DISPLAY are unset); writing a screenshot to %1 instead</source>
        <translation>tilelens: ディスプレイが見つかりません（DISPLAY と WAYLAND_DISPLAY が未設定）。代わりにスクリーンショットを %1 に書き込みます</translation>
    </message>
    <message>
        <source>Build a workspace of a big and a small kernel from the kernels (*.mlir) in DIR, select the big one, then the small one, and print how long the superseded diff kept working.</source>
        <translation>DIR 内のカーネル（*.mlir）から大小 2 つのカーネルを持つワークスペースを作り、大きい方を選択してから小さい方を選択し、置き換えられた差分がどれだけ動き続けたかを出力します。</translation>
    </message>
    <message>
        <source>With --bench-open DIR: replicate the kernels (*.mlir) in DIR into a reference/generated pair of about N ops per side and open that. With --bench-supersede: the big kernel&apos;s size (default 100000).</source>
        <translation>--bench-open DIR と併用：DIR 内のカーネル（*.mlir）を複製して各側約 N 演算の参照／生成ペアを作り、それを開きます。--bench-supersede と併用：大きいカーネルのサイズ（既定 100000）。</translation>
    </message>
    <message>
        <source>Rule file (tilelens.rules/1) merged with the built-in rules for every IR verdict, as tilelens-cli diff --rules FILE; this session only (Diff &gt; Rules File saves one).</source>
        <translation>すべての IR 判定で組み込みルールとマージするルールファイル (tilelens.rules/1)。tilelens-cli diff --rules FILE と同じです。このセッションのみ有効です (差分 &gt; ルールファイルで保存できます)。</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::BindingDialog</name>
    <message>
        <source>&lt;b&gt;dims&lt;/b&gt;: the sizes to try, a list per name (one input case per value). &lt;b&gt;arrays&lt;/b&gt;: each logical tensor: &lt;i&gt;dtype&lt;/i&gt;, &lt;i&gt;shape&lt;/i&gt; (expressions over the dims), optional &lt;i&gt;strides&lt;/i&gt;, &lt;i&gt;init&lt;/i&gt; (normal, uniform with &lt;i&gt;range&lt;/i&gt;, iota) or integer &lt;i&gt;values&lt;/i&gt;. &lt;b&gt;scalars&lt;/b&gt;: &lt;i&gt;dtype&lt;/i&gt; and &lt;i&gt;value&lt;/i&gt; (random when absent). &lt;b&gt;ref&lt;/b&gt; / &lt;b&gt;gen&lt;/b&gt;: &lt;i&gt;params&lt;/i&gt;, one entry per kernel parameter: an array name (its pointer, shapes and strides), &lt;code&gt;a.ptr&lt;/code&gt;, &lt;code&gt;a.shape[i]&lt;/code&gt;, &lt;code&gt;a.stride[i]&lt;/code&gt;, a scalar name or an integer expression (&lt;code&gt;+ - * /&lt;/code&gt;, &lt;code&gt;cdiv&lt;/code&gt;, &lt;code&gt;min&lt;/code&gt;, &lt;code&gt;max&lt;/code&gt;); optional &lt;i&gt;grid&lt;/i&gt;, three expressions. Other fields are ignored.</source>
        <translation>&lt;b&gt;dims&lt;/b&gt;: 試すサイズ。名前ごとのリスト（値ごとに 1 つの入力ケース）。&lt;b&gt;arrays&lt;/b&gt;: 各論理テンソル: &lt;i&gt;dtype&lt;/i&gt;、&lt;i&gt;shape&lt;/i&gt;（dims 上の式）、任意の &lt;i&gt;strides&lt;/i&gt;、&lt;i&gt;init&lt;/i&gt;（normal、&lt;i&gt;range&lt;/i&gt; 付きの uniform、iota）または整数の &lt;i&gt;values&lt;/i&gt;。&lt;b&gt;scalars&lt;/b&gt;: &lt;i&gt;dtype&lt;/i&gt; と &lt;i&gt;value&lt;/i&gt;（省略時はランダム）。&lt;b&gt;ref&lt;/b&gt; / &lt;b&gt;gen&lt;/b&gt;: &lt;i&gt;params&lt;/i&gt;、カーネルパラメータごとに 1 項目: 配列名（そのポインタ・形状・ストライド）、&lt;code&gt;a.ptr&lt;/code&gt;、&lt;code&gt;a.shape[i]&lt;/code&gt;、&lt;code&gt;a.stride[i]&lt;/code&gt;、スカラー名または整数式（&lt;code&gt;+ - * /&lt;/code&gt;、&lt;code&gt;cdiv&lt;/code&gt;、&lt;code&gt;min&lt;/code&gt;、&lt;code&gt;max&lt;/code&gt;）。任意の &lt;i&gt;grid&lt;/i&gt; は 3 つの式。その他のフィールドは無視されます。</translation>
    </message>
    <message>
        <source>Given: edited in this dialog.</source>
        <translation>指定済み: このダイアログで編集。</translation>
    </message>
    <message>
        <source>Given: the file %1.</source>
        <translation>指定済み: ファイル %1。</translation>
    </message>
    <message>
        <source>No entry pair to bind: the pair was not compared.</source>
        <translation>結び付けるエントリの組がありません: この組は比較されていません。</translation>
    </message>
    <message>
        <source>Derived, since no binding is given for this pair: %1.</source>
        <translation>この組にバインディングが指定されていないため導出: %1。</translation>
    </message>
    <message>
        <source>Guessed: %1. Its sizes may lie outside what the reference was compiled for: edit them to sizes it takes. No launch chain to derive the binding from: %2.</source>
        <translation>推測: %1。そのサイズは参照がコンパイルされた範囲外かもしれません。参照が受け付けるサイズに編集してください。バインディングを導出できる起動チェーンがありません: %2。</translation>
    </message>
    <message>
        <source>No binding: none can be guessed (%1), and there is no launch chain to derive one from (%2). Write one below.</source>
        <translation>バインディングなし: 推測できず（%1）、導出できる起動チェーンもありません（%2）。下に記述してください。</translation>
    </message>
    <message>
        <source>CPU Run Binding</source>
        <translation>CPU 実行のバインディング</translation>
    </message>
    <message>
        <source>In use: %1</source>
        <translation>使用中: %1</translation>
    </message>
    <message>
        <source>Binding text</source>
        <translation>バインディングのテキスト</translation>
    </message>
    <message>
        <source>&amp;Load File…</source>
        <translation>ファイルを読み込む(&amp;L)…</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>実行(&amp;R)</translation>
    </message>
    <message>
        <source>Run Both on CPU again with this binding</source>
        <translation>このバインディングで両方を CPU で再実行</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>Valid. Arrays: %1; scalars: %2; dims: %3.</source>
        <translation>有効。配列: %1、スカラー: %2、dims: %3。</translation>
    </message>
    <message>
        <source>Not valid: %1</source>
        <translation>無効: %1</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 を読み込めません: %2</translation>
    </message>
    <message>
        <source>Binding for the CPU Run</source>
        <translation>CPU 実行のバインディング</translation>
    </message>
    <message>
        <source>Eval bindings (*.json);;All files (*)</source>
        <translation>Eval バインディング (*.json);;すべてのファイル (*)</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::DivergenceInsight</name>
    <message>
        <source>&amp;Fold Equivalent &amp;&amp; Noise</source>
        <translation>等価とノイズを折りたたむ(&amp;F)</translation>
    </message>
    <message>
        <source>Hide the equivalent and noise divergences from the table and the IR margins: only what can change a result or needs a look stays</source>
        <translation>表と IR の余白から等価とノイズの差異を隠します。結果を変えうるもの、確認が必要なものだけが残ります</translation>
    </message>
    <message>
        <source>CPU Run &amp;Binding…</source>
        <translation>CPU 実行のバインディング(&amp;B)…</translation>
    </message>
    <message>
        <source>Divergence details</source>
        <translation>差異の詳細</translation>
    </message>
    <message>
        <source>CPU run %v/%m</source>
        <translation>CPU 実行 %v/%m</translation>
    </message>
    <message>
        <source>CPU run: running both sides…</source>
        <translation>CPU 実行：両側を実行中…</translation>
    </message>
    <message>
        <source>CPU run: cancelled</source>
        <translation>CPU 実行：キャンセルしました</translation>
    </message>
    <message>
        <source>Select a divergence to see its proof or counterexample and all its sites.</source>
        <translation>差異を選ぶと、その証明または反例とすべての箇所が表示されます。</translation>
    </message>
    <message>
        <source>Counterexample: %1</source>
        <translation>反例：%1</translation>
    </message>
    <message>
        <source>Select the first diverging stores (ref %1 ↔ gen %2)</source>
        <translation>最初に食い違う store を選択（参照 %1 ↔ 生成 %2）</translation>
    </message>
    <message>
        <source>What the run saw: %1</source>
        <translation>実行で見えたもの: %1</translation>
    </message>
    <message>
        <source>See and edit how both kernels&apos; parameters bind to the same arrays, sizes and grid (tilelens.eval-binding/1), and run both sides on the CPU with it; without one given, it is derived from the port&apos;s launch chain, else guessed by position from the reference&apos;s mangled entry name</source>
        <translation>両カーネルのパラメータを同じ配列・サイズ・グリッドにどう結び付けるか（tilelens.eval-binding/1）を表示・編集し、それで両方を CPU で実行します。指定がなければポートの起動チェーンから導出し、それもなければ参照側のマングルされたエントリ名から位置で推測します</translation>
    </message>
    <message>
        <source>Inputs of that case (binding: %1):</source>
        <translation>そのケースの入力（バインディング: %1）:</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::DivergenceNavigator</name>
    <message>
        <source>Severity filter</source>
        <translation>重大度フィルター</translation>
    </message>
    <message>
        <source>All severities</source>
        <translation>すべての重大度</translation>
    </message>
    <message>
        <source>%1 and above</source>
        <translation>%1 以上</translation>
    </message>
    <message>
        <source>Owner filter</source>
        <translation>担当フィルター</translation>
    </message>
    <message>
        <source>All owners</source>
        <translation>すべての担当</translation>
    </message>
    <message>
        <source>Search rule or message</source>
        <translation>ルールまたはメッセージを検索</translation>
    </message>
    <message>
        <source>Search divergences</source>
        <translation>差異を検索</translation>
    </message>
    <message>
        <source>Divergence order</source>
        <translation>差異の順序</translation>
    </message>
    <message>
        <source>The order of the table and of F8 / Shift+F8</source>
        <translation>表と F8 / Shift+F8 の順序</translation>
    </message>
    <message>
        <source>Critical first</source>
        <translation>重大を先に</translation>
    </message>
    <message>
        <source>File order</source>
        <translation>ファイル順</translation>
    </message>
    <message>
        <source>Divergences</source>
        <translation>差異</translation>
    </message>
    <message>
        <source>Comparing IR…</source>
        <translation>IR を比較中…</translation>
    </message>
    <message>
        <source>IR could not be compared</source>
        <translation>IR を比較できませんでした</translation>
    </message>
    <message>
        <source>%1 (%2 with counterexample, %3 unproven)</source>
        <translation>%1（反例あり %2、未証明 %3）</translation>
    </message>
    <message>
        <source>no divergences</source>
        <translation>差異なし</translation>
    </message>
    <message>
        <source>%1 of %2 shown</source>
        <translation>%2 件中 %1 件を表示</translation>
    </message>
    <message>
        <source>No divergences: the two IRs match.</source>
        <translation>差異なし：2 つの IR は一致しています。</translation>
    </message>
    <message>
        <source>No divergence matches these filters.</source>
        <translation>このフィルターに一致する差異はありません。</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::DivergenceTableModel</name>
    <message>
        <source>Severity</source>
        <translation>重大度</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>ルール</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>メッセージ</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>担当</translation>
    </message>
    <message>
        <source>Ref line</source>
        <translation>参照行</translation>
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
        <translation>両方を CPU で実行(&amp;C)</translation>
    </message>
    <message>
        <source>Run the reference and generated kernels on the CPU interpreter with the same inputs: a counterexample for the critical divergences, a check of the equivalent ones</source>
        <translation>同じ入力で参照カーネルと生成カーネルを CPU インタプリタで実行します。重大な差異には反例を、等価なものには確認を与えます</translation>
    </message>
    <message>
        <source>Cancel CPU Run</source>
        <translation>CPU 実行をキャンセル</translation>
    </message>
    <message>
        <source>CPU run: %1</source>
        <translation>CPU 実行：%1</translation>
    </message>
    <message>
        <source>with Diff &gt; CPU Run Binding…</source>
        <translation>差分 &gt; CPU 実行のバインディング… で</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::FindBar</name>
    <message>
        <source>Find in the focused editor</source>
        <translation>フォーカス中のエディターで検索</translation>
    </message>
    <message>
        <source>Find text</source>
        <translation>検索するテキスト</translation>
    </message>
    <message>
        <source>Previous match (Shift+F3)</source>
        <translation>前の一致（Shift+F3）</translation>
    </message>
    <message>
        <source>Next match (F3)</source>
        <translation>次の一致（F3）</translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation>閉じる（Esc）</translation>
    </message>
    <message>
        <source>Find:</source>
        <translation>検索：</translation>
    </message>
    <message>
        <source>Not found</source>
        <translation>見つかりません</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::IrFileActions</name>
    <message>
        <source>Tile IR (*.mlir *.tileirbc);;All files (*)</source>
        <translation>Tile IR (*.mlir *.tileirbc);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>&amp;Compare Two IR Files…</source>
        <translation>2 つの IR ファイルを比較(&amp;C)…</translation>
    </message>
    <message>
        <source>Compare a reference and a generated IR file, without a workspace</source>
        <translation>ワークスペースなしで参照 IR ファイルと生成 IR ファイルを比較します</translation>
    </message>
    <message>
        <source>&amp;Attach IR…</source>
        <translation>IR を関連付け(&amp;A)…</translation>
    </message>
    <message>
        <source>Compare existing reference and generated IR files for the selected port</source>
        <translation>選択した移植について既存の参照 IR と生成 IR のファイルを比較します</translation>
    </message>
    <message>
        <source>Reference IR (cuTile Python)</source>
        <translation>参照 IR (cuTile Python)</translation>
    </message>
    <message>
        <source>Generated IR (cuTile Rust)</source>
        <translation>生成 IR (cuTile Rust)</translation>
    </message>
    <message>
        <source>Select a port of a workspace first: the IR files are attached to it.</source>
        <translation>先にワークスペースの移植を選択してください。IR ファイルはその移植に関連付けられます。</translation>
    </message>
    <message>
        <source>Reference IR for %1</source>
        <translation>%1 の参照 IR</translation>
    </message>
    <message>
        <source>Generated IR for %1</source>
        <translation>%1 の生成 IR</translation>
    </message>
    <message>
        <source>The IR files could not be attached: %1</source>
        <translation>IR ファイルを関連付けられませんでした: %1</translation>
    </message>
    <message>
        <source>Attached %1 and %2 to %3.</source>
        <translation>%1 と %2 を %3 に関連付けました。</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::KernelListModel</name>
    <message>
        <source>%1: no paired Python kernel</source>
        <translation>%1: 対応する Python カーネルがありません</translation>
    </message>
    <message>
        <source>paired by hand in .tilelens/pairings.json</source>
        <translation>.tilelens/pairings.json で手動で対応付け</translation>
    </message>
    <message>
        <source>paired by what the Python wrapper launches</source>
        <translation>Python ラッパーが起動するカーネルで対応付け</translation>
    </message>
    <message>
        <source>paired by name</source>
        <translation>名前で対応付け</translation>
    </message>
    <message>
        <source>%1 ↔ %2 (%3)</source>
        <translation>%1 ↔ %2（%3）</translation>
    </message>
    <message>
        <source>variant %1</source>
        <translation>バリアント %1</translation>
    </message>
    <message>
        <source>Problems found: %1 (see View &gt; Diagnostics)</source>
        <translation>問題が見つかりました：%1（表示 &gt; 診断 を参照）</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>カーネル</translation>
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
        <translation>差異の概要</translation>
    </message>
    <message>
        <source>Divergences</source>
        <translation>差異</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open Workspace…</source>
        <translation>ワークスペースを開く(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近使ったもの(&amp;R)</translation>
    </message>
    <message>
        <source>Re&amp;load</source>
        <translation>再読み込み(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Export Diff as HTML…</source>
        <translation>差分を HTML でエクスポート(&amp;E)…</translation>
    </message>
    <message>
        <source>Export Diff as HTML</source>
        <translation>差分を HTML でエクスポート</translation>
    </message>
    <message>
        <source>There is no IR diff to export yet.</source>
        <translation>エクスポートできる IR 差分はまだありません。</translation>
    </message>
    <message>
        <source>HTML page (*.html)</source>
        <translation>HTML ページ (*.html)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>エクスポートに失敗しました</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>編集(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>検索(&amp;F)…</translation>
    </message>
    <message>
        <source>Find &amp;Next</source>
        <translation>次を検索(&amp;N)</translation>
    </message>
    <message>
        <source>Find &amp;Previous</source>
        <translation>前を検索(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Go to Line…</source>
        <translation>行へ移動(&amp;G)…</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>設定(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Kernels</source>
        <translation>カーネル(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Diagnostics</source>
        <translation>診断(&amp;D)</translation>
    </message>
    <message>
        <source>Next &amp;Pane</source>
        <translation>次のペイン(&amp;P)</translation>
    </message>
    <message>
        <source>Pre&amp;vious Pane</source>
        <translation>前のペイン(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Diff</source>
        <translation>差分(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Next Divergence</source>
        <translation>次の差異(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Previous Divergence</source>
        <translation>前の差異(&amp;P)</translation>
    </message>
    <message>
        <source>Hide &amp;Noise</source>
        <translation>ノイズを隠す(&amp;N)</translation>
    </message>
    <message>
        <source>Hide &amp;Equivalent</source>
        <translation>等価を隠す(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Divergences</source>
        <translation>差異(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Stages</source>
        <translation>ステージ(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Performance</source>
        <translation>性能(&amp;P)</translation>
    </message>
    <message>
        <source>Das&amp;hboard</source>
        <translation>ダッシュボード(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Inspector</source>
        <translation>インスペクター(&amp;I)</translation>
    </message>
    <message>
        <source>Diff</source>
        <translation>差分</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About TileLens</source>
        <translation>TileLens について(&amp;A)</translation>
    </message>
    <message>
        <source>Go to Line</source>
        <translation>行へ移動</translation>
    </message>
    <message>
        <source>Line (1–%1):</source>
        <translation>行（1–%1）：</translation>
    </message>
    <message>
        <source>About TileLens</source>
        <translation>TileLens について</translation>
    </message>
    <message>
        <source>&lt;h3&gt;TileLens %1&lt;/h3&gt;&lt;p&gt;An inspector for GPU-kernel ports from cuTile Python to cuTile Rust: sources, Tile IR and verdicts side by side.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;TileLens %1&lt;/h3&gt;&lt;p&gt;cuTile Python から cuTile Rust への GPU カーネル移植のためのインスペクター：ソース、Tile IR、判定を並べて表示します。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>IR verdict of the selected variant, computed by TileLens when it was opened from
%1
%2</source>
        <translation>選択したバリアントの IR 判定。TileLens が次のファイルを開いたときに計算したもの：
%1
%2</translation>
    </message>
    <message>
        <source>IR verdict of the selected variant and its divergences</source>
        <translation>選択したバリアントの IR 判定とその差異</translation>
    </message>
    <message>
        <source>No reference IR: %1 has no paired Python kernel. Pair it with tilelens-cli kernels --pair %2/%1=FUNCTION.</source>
        <translation>参照 IR がありません：%1 に対応する Python カーネルがありません。tilelens-cli kernels --pair %2/%1=FUNCTION で対応付けてください。</translation>
    </message>
    <message>
        <source>No reference IR yet. The stage %1 (Stages dock, Rerun) runs the op&apos;s test with cuTile Python and CUDA_TILE_DUMP_BYTECODE and keeps the bytecode of %2 in %3.</source>
        <translation>参照 IR はまだありません。ステージ %1（ステージパネルの再実行）が cuTile Python と CUDA_TILE_DUMP_BYTECODE でその演算のテストを実行し、%2 のバイトコードを %3 に保存します。</translation>
    </message>
    <message>
        <source>No generated IR yet. The stage %1 (Stages dock, Rerun) compiles %2 with the cuTile Rust compiler into %3.</source>
        <translation>生成 IR はまだありません。ステージ %1（ステージパネルの再実行）が cuTile Rust コンパイラーで %2 を %3 にコンパイルします。</translation>
    </message>
    <message>
        <source>%1 – TileLens</source>
        <translation>%1 – TileLens</translation>
    </message>
    <message>
        <source>No source for a two-file comparison</source>
        <translation>2 ファイルの比較にはソースがありません</translation>
    </message>
    <message>
        <source>Inferred link (line %1): cuTile Rust records no source locations; this op was placed on the statement around the ops TileLens could match.</source>
        <translation>推定リンク（%1 行目）：cuTile Rust はソース位置を記録しません。この op は TileLens が対応付けられた op を囲む文に置かれました。</translation>
    </message>
    <message>
        <source>Inferred link (line %1): cuTile Rust records no source locations; TileLens matched the op to %2 on this line.</source>
        <translation>推定リンク（%1 行目）：cuTile Rust はソース位置を記録しません。TileLens はこの op をこの行の %2 に対応付けました。</translation>
    </message>
    <message>
        <source>Launch ABI</source>
        <translation>起動 ABI</translation>
    </message>
    <message>
        <source>&amp;Rules File…</source>
        <translation>ルールファイル(&amp;R)…</translation>
    </message>
    <message>
        <source>Classify the IR findings with a rules file (tilelens.rules/1), as tilelens-cli diff --rules does</source>
        <translation>ルールファイル (tilelens.rules/1) で IR の検出結果を分類します (tilelens-cli diff --rules と同じ)</translation>
    </message>
    <message>
        <source>Use &amp;Default Rules</source>
        <translation>既定のルールを使用(&amp;D)</translation>
    </message>
    <message>
        <source>Rules File</source>
        <translation>ルールファイル</translation>
    </message>
    <message>
        <source>TileLens rules (*.json);;All files (*)</source>
        <translation>TileLens ルール (*.json);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Rules: built-in</source>
        <translation>ルール: 組み込み</translation>
    </message>
    <message>
        <source>The IR verdicts use the built-in rules (Diff &gt; Rules File… adds a file).</source>
        <translation>IR 判定は組み込みルールを使用しています (差分 &gt; ルールファイル… でファイルを追加できます)。</translation>
    </message>
    <message>
        <source>Rules: %1</source>
        <translation>ルール: %1</translation>
    </message>
    <message>
        <source>The IR verdicts use the built-in rules merged with %1, as tilelens-cli diff --rules does.</source>
        <translation>IR 判定は組み込みルールに %1 をマージしたものを使用しています (tilelens-cli diff --rules と同じ)。</translation>
    </message>
    <message>
        <source>Rules file not loaded</source>
        <translation>ルールファイルを読み込めませんでした</translation>
    </message>
    <message>
        <source>The rules file %1 could not be loaded; the built-in rules are used.</source>
        <translation>ルールファイル %1 を読み込めませんでした。組み込みルールを使用します。</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>レイアウトをリセット(&amp;R)</translation>
    </message>
    <message>
        <source>Diff exported as HTML to %1</source>
        <translation>差分を HTML として %1 に書き出しました</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::OverviewRuler</name>
    <message>
        <source>Every divergence of the IR pair; click to jump</source>
        <translation>IR ペアのすべての差異。クリックでジャンプ</translation>
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
        <translation>既定</translation>
    </message>
    <message>
        <source>Comment</source>
        <translation>コメント</translation>
    </message>
    <message>
        <source>Documentation comment</source>
        <translation>ドキュメントコメント</translation>
    </message>
    <message>
        <source>Keyword</source>
        <translation>キーワード</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>型</translation>
    </message>
    <message>
        <source>Number</source>
        <translation>数値</translation>
    </message>
    <message>
        <source>String</source>
        <translation>文字列</translation>
    </message>
    <message>
        <source>Character</source>
        <translation>文字</translation>
    </message>
    <message>
        <source>Lifetime</source>
        <translation>ライフタイム</translation>
    </message>
    <message>
        <source>Attribute</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>Macro</source>
        <translation>マクロ</translation>
    </message>
    <message>
        <source>Function name</source>
        <translation>関数名</translation>
    </message>
    <message>
        <source>Punctuation</source>
        <translation>区切り記号</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>System default (%1)</source>
        <translation>システムの既定（%1）</translation>
    </message>
    <message>
        <source>The language changes when TileLens is started again.</source>
        <translation>言語は TileLens の次回起動時に切り替わります。</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>言語(&amp;L)：</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>システムの既定</translation>
    </message>
    <message>
        <source>Follow desktop</source>
        <translation>デスクトップに合わせる</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>ライト</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>ダーク</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>テーマ(&amp;T):</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::SourceFileLoader</name>
    <message>
        <source>No reference Python file was found for this kernel (analysis.json names it in &quot;source&quot;).</source>
        <translation>このカーネルの Python 参照ファイルが見つかりません（analysis.json の「source」で指定されます）。</translation>
    </message>
    <message>
        <source>This kernel directory has no kernel.rs.</source>
        <translation>このカーネルディレクトリには kernel.rs がありません。</translation>
    </message>
    <message>
        <source>No reference IR was found (reference/reference.mlir).</source>
        <translation>参照 IR が見つかりません（reference/reference.mlir）。</translation>
    </message>
    <message>
        <source>No generated IR was found (generated/generated.mlir); stage B has not produced it yet.</source>
        <translation>生成 IR が見つかりません（generated/generated.mlir）。ステージ B がまだ生成していません。</translation>
    </message>
    <message>
        <source>The file %1 does not exist.</source>
        <translation>ファイル %1 は存在しません。</translation>
    </message>
    <message>
        <source>%1 is not a regular file.</source>
        <translation>%1 は通常のファイルではありません。</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>不明なエラー</translation>
    </message>
    <message>
        <source>The file %1 could not be read: %2</source>
        <translation>ファイル %1 を読み込めません：%2</translation>
    </message>
    <message>
        <source>The Tile IR bytecode file %1 could not be decoded: %2</source>
        <translation>Tile IR バイトコードファイル %1 をデコードできません：%2</translation>
    </message>
    <message>
        <source>// Decoded from Tile IR bytecode by TileLens; line numbers are those of this text, not of the file.</source>
        <translation>// TileLens が Tile IR バイトコードからデコードしたもの。行番号はファイルではなくこのテキストの行番号です。</translation>
    </message>
    <message>
        <source>%1 is a binary file (for example Tile IR bytecode) and cannot be shown as text.</source>
        <translation>%1 はバイナリファイル（Tile IR バイトコードなど）のため、テキストとして表示できません。</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::SourcePane</name>
    <message>
        <source>Reference Python</source>
        <translation>参照 Python</translation>
    </message>
    <message>
        <source>Generated Rust</source>
        <translation>生成 Rust</translation>
    </message>
    <message>
        <source>Reference IR</source>
        <translation>参照 IR</translation>
    </message>
    <message>
        <source>Generated IR</source>
        <translation>生成 IR</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（なし）</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>%1 を読み込み中…</translation>
    </message>
    <message>
        <source> (decoded bytecode)</source>
        <translation>（デコード済みバイトコード）</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::StagesController</name>
    <message>
        <source>Stages</source>
        <translation>ステージ</translation>
    </message>
    <message>
        <source>Quit TileLens</source>
        <translation>TileLens を終了</translation>
    </message>
    <message>
        <source>Stages are still running. Cancel them and quit?</source>
        <translation>実行中のステージがあります。キャンセルして終了しますか？</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::TileIrLexer</name>
    <message>
        <source>Default</source>
        <translation>既定</translation>
    </message>
    <message>
        <source>Comment</source>
        <translation>コメント</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>演算</translation>
    </message>
    <message>
        <source>SSA value</source>
        <translation>SSA 値</translation>
    </message>
    <message>
        <source>Symbol</source>
        <translation>シンボル</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>型</translation>
    </message>
    <message>
        <source>Attribute</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>Number</source>
        <translation>数値</translation>
    </message>
    <message>
        <source>String</source>
        <translation>文字列</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>位置情報</translation>
    </message>
    <message>
        <source>Keyword</source>
        <translation>キーワード</translation>
    </message>
    <message>
        <source>Punctuation</source>
        <translation>区切り記号</translation>
    </message>
    <message>
        <source>Block label</source>
        <translation>ブロックラベル</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::WorkspaceController</name>
    <message>
        <source>Kernels</source>
        <translation>カーネル</translation>
    </message>
    <message>
        <source>Workspace diagnostics</source>
        <translation>ワークスペースの診断</translation>
    </message>
    <message>
        <source>Diagnostics</source>
        <translation>診断</translation>
    </message>
    <message>
        <source>No workspace open</source>
        <translation>ワークスペースが開かれていません</translation>
    </message>
    <message>
        <source>Open Workspace</source>
        <translation>ワークスペースを開く</translation>
    </message>
    <message>
        <source>No recent workspaces</source>
        <translation>最近使ったワークスペースはありません</translation>
    </message>
    <message>
        <source>&amp;Clear List</source>
        <translation>リストを消去(&amp;C)</translation>
    </message>
    <message>
        <source>%1 vs %2</source>
        <translation>%1 対 %2</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>%1 を開いています…</translation>
    </message>
    <message>
        <source>1 kernel</source>
        <translation>1 カーネル</translation>
    </message>
    <message>
        <source>%1 kernels</source>
        <translation>%1 カーネル</translation>
    </message>
    <message>
        <source>No kernels were found in %1. Open a TileGym checkout, a kernel output root or one kernel working directory.</source>
        <translation>%1 にカーネルが見つかりません。TileGym のチェックアウト、カーネル出力ルート、または 1 つのカーネル作業ディレクトリを開いてください。</translation>
    </message>
    <message>
        <source>%1 does not exist.</source>
        <translation>%1 は存在しません。</translation>
    </message>
    <message>
        <source>Pick a kernel in the Kernels list or on the dashboard.</source>
        <translation>カーネル一覧またはダッシュボードでカーネルを選んでください。</translation>
    </message>
    <message>
        <source>Diagnostics: %1</source>
        <translation>診断：%1</translation>
    </message>
    <message>
        <source>Show or hide the Diagnostics panel</source>
        <translation>診断パネルの表示／非表示</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::panels::DashboardModel</name>
    <message>
        <source>%1 critical</source>
        <translation>重大 %1 件</translation>
    </message>
    <message>
        <source>stale</source>
        <translation>古い</translation>
    </message>
    <message>
        <source>now %1</source>
        <translation>現在 %1</translation>
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
次のステップ：%2
ダブルクリックで開く</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>不明</translation>
    </message>
    <message>
        <source>From %1</source>
        <translation>%1 より</translation>
    </message>
    <message>
        <source>From %1, written %2, before the IR it compares changed: stale. Rerun stage C.</source>
        <translation>%1 より。%2 に書き込まれた後、比較対象の IR が変更されたため古くなっています。ステージ C を再実行してください。</translation>
    </message>
    <message>
        <source>From %1, written %2 by stage C.</source>
        <translation>%1 より。%2 にステージ C が書き込みました。</translation>
    </message>
    <message>
        <source>Comparing the IR files now gives %1 (%2 critical), as the Inspector shows.</source>
        <translation>IR ファイルを今比較すると %1（重大 %2 件）で、インスペクターの表示と同じです。</translation>
    </message>
    <message>
        <source>The Inspector compares the IR files again when the kernel is opened; its count is the current one.</source>
        <translation>インスペクターはカーネルを開くときに IR ファイルを比較し直します。その件数が現在の値です。</translation>
    </message>
    <message>
        <source>Compared now from the reference and generated IR files (no diff_report.md; all variants: the worst verdict, the critical divergences summed).</source>
        <translation>参照 IR と生成 IR のファイルから今比較した結果（diff_report.md なし。全バリアント：最も悪い判定、重大な差異の合計）。</translation>
    </message>
    <message>
        <source>No diff_report.md yet: open the kernel to compare its IR.</source>
        <translation>diff_report.md はまだありません。カーネルを開いて IR を比較してください。</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>カーネル</translation>
    </message>
    <message>
        <source>IR verdict</source>
        <translation>IR 判定</translation>
    </message>
    <message>
        <source>Geomean</source>
        <translation>幾何平均</translation>
    </message>
    <message>
        <source>%1. The verdict of the kernel working directory&apos;s report or agent log for this stage; a TileGym checkout&apos;s landed ports have no pipeline reports, so it stays empty there.</source>
        <translation>%1。カーネル作業ディレクトリのこのステージのレポートまたはエージェントログの判定です。TileGym チェックアウトの取り込み済みポートにはパイプラインのレポートがないため、空のままです。</translation>
    </message>
    <message>
        <source>TileLens&apos;s own IR diff of the kernel&apos;s variants: the worst verdict and its critical divergences</source>
        <translation>カーネルのバリアントに対する TileLens 自身の IR 差分: 最悪の判定とその重大な相違</translation>
    </message>
    <message>
        <source>Geometric mean of the generated / reference time ratios of the kernel&apos;s performance report (below 1: the port is faster)</source>
        <translation>カーネルの性能レポートにおける生成 / 参照の時間比の幾何平均（1 未満: ポートの方が速い）</translation>
    </message>
    <message>
        <source>Performance severity: how far the geomean is from the reference, not the IR verdict</source>
        <translation>性能の重大度: 幾何平均が参照からどれだけ離れているか（IR の判定ではありません）</translation>
    </message>
    <message>
        <source>Perf severity</source>
        <translation>性能の重大度</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::panels::DashboardView</name>
    <message>
        <source>Reading the kernels…</source>
        <translation>カーネルを読み込み中…</translation>
    </message>
    <message>
        <source>No kernels in this workspace.</source>
        <translation>このワークスペースにはカーネルがありません。</translation>
    </message>
    <message>
        <source>Kernels: %1; no perf comparison yet.</source>
        <translation>カーネル：%1。性能比較はまだありません。</translation>
    </message>
    <message>
        <source>Kernels: %1 — overall geomean %2 (over %3 with perf data) — perf severity %4</source>
        <translation>カーネル: %1 — 全体の幾何平均 %2（性能データのある %3 件） — 性能の重大度 %4</translation>
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
        <translation>構成ごとの比率</translation>
    </message>
    <message>
        <source> — no matched configuration</source>
        <translation> — 対応する構成なし</translation>
    </message>
    <message>
        <source>mild ≤%1</source>
        <translation>軽微 ≤%1</translation>
    </message>
    <message>
        <source>moderate ≤%1</source>
        <translation>中程度 ≤%1</translation>
    </message>
    <message>
        <source>large &gt;%1</source>
        <translation>大 &gt;%1</translation>
    </message>
    <message>
        <source>%1% CI %2–%3</source>
        <translation>%1% 信頼区間 %2–%3</translation>
    </message>
    <message>
        <source>geomean %1</source>
        <translation>幾何平均 %1</translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>フォルダー %1 を作成できません。</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>%1 に書き込めません。</translation>
    </message>
    <message>
        <source>TileLens perf comparison</source>
        <translation>TileLens 性能比較</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::panels::PerfPanel</name>
    <message>
        <source>Kernel perf logs</source>
        <translation>カーネルの性能ログ</translation>
    </message>
    <message>
        <source>CUPTI profiles</source>
        <translation>CUPTI プロファイル</translation>
    </message>
    <message>
        <source>Compare the kernel&apos;s tilegym logs or two profile JSON files</source>
        <translation>カーネルの tilegym ログ、または 2 つのプロファイル JSON ファイルを比較します</translation>
    </message>
    <message>
        <source>Open profiles…</source>
        <translation>プロファイルを開く…</translation>
    </message>
    <message>
        <source>Profile command…</source>
        <translation>コマンドをプロファイル…</translation>
    </message>
    <message>
        <source>Measure a baseline and a candidate command with CUPTI device time</source>
        <translation>ベースラインと候補のコマンドを CUPTI のデバイス時間で測定します</translation>
    </message>
    <message>
        <source>Export PNG…</source>
        <translation>PNG をエクスポート…</translation>
    </message>
    <message>
        <source>Export SVG…</source>
        <translation>SVG をエクスポート…</translation>
    </message>
    <message>
        <source>No kernel selected</source>
        <translation>カーネルが選択されていません</translation>
    </message>
    <message>
        <source>No kernel selected.</source>
        <translation>カーネルが選択されていません。</translation>
    </message>
    <message>
        <source>%1: candidate / baseline per configuration</source>
        <translation>%1: 構成ごとの 候補 / ベースライン</translation>
    </message>
    <message>
        <source>%1: no baseline or no candidate perf log.</source>
        <translation>%1: ベースラインまたは候補の性能ログがありません。</translation>
    </message>
    <message>
        <source>No profile could be read.</source>
        <translation>プロファイルを読み込めませんでした。</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>ベースライン</translation>
    </message>
    <message>
        <source>(not measured yet)</source>
        <translation>（未測定）</translation>
    </message>
    <message>
        <source>candidate</source>
        <translation>候補</translation>
    </message>
    <message>
        <source>%1 / %2 per configuration (CUPTI device time)</source>
        <translation>構成ごとの %1 / %2（CUPTI デバイス時間）</translation>
    </message>
    <message>
        <source>%1 vs %2</source>
        <translation>%1 対 %2</translation>
    </message>
    <message>
        <source>(no baseline)</source>
        <translation>（ベースラインなし）</translation>
    </message>
    <message>
        <source>baseline logs</source>
        <translation>ベースラインのログ</translation>
    </message>
    <message>
        <source>No device times from run %1: %2</source>
        <translation>実行 %1 のデバイス時間がありません：%2</translation>
    </message>
    <message>
        <source>Stage %1, run %2 of %3%4: %5 vs %6</source>
        <translation>ステージ %1、実行 %2 / %3%4：%5 対 %6</translation>
    </message>
    <message>
        <source> (final)</source>
        <translation>（最終）</translation>
    </message>
    <message>
        <source>%1 — geomean %2</source>
        <translation>%1 — 幾何平均 %2</translation>
    </message>
    <message>
        <source> [%1, %2] (%3% bootstrap interval)</source>
        <translation> [%1, %2]（%3% ブートストラップ区間）</translation>
    </message>
    <message>
        <source>, %1 without a candidate median</source>
        <translation>、候補の中央値なし %1 件</translation>
    </message>
    <message>
        <source>, %1 without a baseline (NA)</source>
        <translation>、ベースラインなし %1 件（NA）</translation>
    </message>
    <message>
        <source>Baseline profile</source>
        <translation>ベースラインのプロファイル</translation>
    </message>
    <message>
        <source>Profile JSON (*.json);;All files (*)</source>
        <translation>プロファイル JSON (*.json);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Candidate profile</source>
        <translation>候補のプロファイル</translation>
    </message>
    <message>
        <source>SVG image (*.svg)</source>
        <translation>SVG 画像 (*.svg)</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 画像 (*.png)</translation>
    </message>
    <message>
        <source>Export chart as SVG</source>
        <translation>グラフを SVG でエクスポート</translation>
    </message>
    <message>
        <source>Export chart as PNG</source>
        <translation>グラフを PNG でエクスポート</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>エクスポートに失敗しました</translation>
    </message>
    <message>
        <source>%1 (%2 vs %3)</source>
        <translation>%1（%2 対 %3）</translation>
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
        <translation>；%2 構成中 %1 構成が対応</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::panels::PerfTreeModel</name>
    <message>
        <source>baseline: %1</source>
        <translation>ベースライン：%1</translation>
    </message>
    <message>
        <source>candidate: %1</source>
        <translation>候補：%1</translation>
    </message>
    <message>
        <source>%1 launch(es)/iter, grid %2×%3×%4, block %5×%6×%7</source>
        <translation>反復あたり %1 回起動、grid %2×%3×%4、block %5×%6×%7</translation>
    </message>
    <message>
        <source>Baseline (%1): %2</source>
        <translation>ベースライン（%1）：%2</translation>
    </message>
    <message>
        <source>Candidate: %1</source>
        <translation>候補：%1</translation>
    </message>
    <message>
        <source>Not in the baseline: listed, not averaged.</source>
        <translation>ベースラインにありません：一覧には出ますが平均には含めません。</translation>
    </message>
    <message>
        <source>No candidate median: the severity is MISSING_DATA.</source>
        <translation>候補の中央値がありません：重大度は MISSING_DATA です。</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>構成</translation>
    </message>
    <message>
        <source>Baseline (ms)</source>
        <translation>ベースライン（ms）</translation>
    </message>
    <message>
        <source>Candidate (ms)</source>
        <translation>候補（ms）</translation>
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
        <translation>コマンドのプロファイル</translation>
    </message>
    <message>
        <source>e.g. python3 bench.py --backend torch</source>
        <translation>例：python3 bench.py --backend torch</translation>
    </message>
    <message>
        <source>e.g. python3 bench.py --backend triton</source>
        <translation>例：python3 bench.py --backend triton</translation>
    </message>
    <message>
        <source>Runs per command; the best run&apos;s median counts (best of N).</source>
        <translation>コマンドごとの実行回数。最良の実行の中央値を採用します（N 回中の最良）。</translation>
    </message>
    <message>
        <source>Baseline command:</source>
        <translation>ベースラインのコマンド：</translation>
    </message>
    <message>
        <source>Baseline label:</source>
        <translation>ベースラインのラベル：</translation>
    </message>
    <message>
        <source>Candidate command:</source>
        <translation>候補のコマンド：</translation>
    </message>
    <message>
        <source>Candidate label:</source>
        <translation>候補のラベル：</translation>
    </message>
    <message>
        <source>Runs:</source>
        <translation>実行回数：</translation>
    </message>
    <message>
        <source>Output folder:</source>
        <translation>出力フォルダー：</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>実行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Cancel run</source>
        <translation>実行をキャンセル(&amp;C)</translation>
    </message>
    <message>
        <source>Injection library: %1</source>
        <translation>インジェクションライブラリ：%1</translation>
    </message>
    <message>
        <source>Profiling is not possible here: %1</source>
        <translation>ここではプロファイルできません：%1</translation>
    </message>
    <message>
        <source>Not started: %1</source>
        <translation>開始されていません：%1</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::panels::ProfileJob</name>
    <message>
        <source>%1 run %2/%3: %4</source>
        <translation>%1 実行 %2/%3：%4</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>ベースライン</translation>
    </message>
    <message>
        <source>candidate</source>
        <translation>候補</translation>
    </message>
    <message>
        <source>libtilelens_cupti.so was not found (it is built only with the CUDA Toolkit and CUPTI; set TILELENS_CUPTI_LIBRARY to its path).</source>
        <translation>libtilelens_cupti.so が見つかりません（CUDA Toolkit と CUPTI がある場合のみビルドされます。TILELENS_CUPTI_LIBRARY にそのパスを設定してください）。</translation>
    </message>
    <message>
        <source>No NVIDIA GPU is visible on this machine, so no kernel can be measured.</source>
        <translation>このマシンでは NVIDIA GPU が見えないため、カーネルを測定できません。</translation>
    </message>
    <message>
        <source>A profile is already running.</source>
        <translation>プロファイルはすでに実行中です。</translation>
    </message>
    <message>
        <source>Give both a baseline and a candidate command.</source>
        <translation>ベースラインと候補の両方のコマンドを指定してください。</translation>
    </message>
    <message>
        <source>Runs must be between 1 and 100.</source>
        <translation>実行回数は 1〜100 の範囲で指定してください。</translation>
    </message>
    <message>
        <source>Cannot create the output folder %1.</source>
        <translation>出力フォルダー %1 を作成できません。</translation>
    </message>
    <message>
        <source>run finished with exit code %1; %2 configuration(s) measured so far</source>
        <translation>終了コード %1 で実行が終了しました。これまでに %2 構成を測定しました</translation>
    </message>
    <message>
        <source>No device times from this run: %1</source>
        <translation>この実行のデバイス時間がありません：%1</translation>
    </message>
    <message>
        <source>Profiling cancelled.</source>
        <translation>プロファイルをキャンセルしました。</translation>
    </message>
    <message>
        <source>Stopped: %1</source>
        <translation>停止しました：%1</translation>
    </message>
    <message>
        <source>Done; some runs exited with an error.</source>
        <translation>完了。一部の実行はエラーで終了しました。</translation>
    </message>
    <message>
        <source>Done: both sides measured.</source>
        <translation>完了：両側とも測定しました。</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::panels::StagePanel</name>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 を読み込めません：%2</translation>
    </message>
    <message>
        <source>[… %1 earlier bytes not shown; the full log is %2]
</source>
        <translation>[… 先頭の %1 バイトは表示していません。完全なログは %2]
</translation>
    </message>
    <message>
        <source>exit %1</source>
        <translation>終了コード %1</translation>
    </message>
    <message>
        <source>signal %1</source>
        <translation>シグナル %1</translation>
    </message>
    <message>
        <source>Run %1 — %2%3</source>
        <translation>実行 %1 — %2%3</translation>
    </message>
    <message>
        <source>&amp;Rerun</source>
        <translation>再実行(&amp;R)</translation>
    </message>
    <message>
        <source>Run the selected stage again (trusted workspaces only for external commands)</source>
        <translation>選択したステージを再実行します（外部コマンドは信頼済みワークスペースのみ）</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>キャンセル(&amp;C)</translation>
    </message>
    <message>
        <source>Stop the selected stage&apos;s run (its whole process group)</source>
        <translation>選択したステージの実行を停止します（プロセスグループ全体）</translation>
    </message>
    <message>
        <source>Reports, agent logs and earlier runs of the selected stage</source>
        <translation>選択したステージのレポート、エージェントログ、過去の実行</translation>
    </message>
    <message>
        <source>Log:</source>
        <translation>ログ：</translation>
    </message>
    <message>
        <source>Profiled run stopped: %1</source>
        <translation>プロファイル実行が停止しました：%1</translation>
    </message>
    <message>
        <source>No kernel selected.</source>
        <translation>カーネルが選択されていません。</translation>
    </message>
    <message>
        <source>Kernel %1 — next step: %2</source>
        <translation>カーネル %1 — 次のステップ：%2</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>不明</translation>
    </message>
    <message>
        <source>Blocked: %1</source>
        <translation>ブロック中：%1</translation>
    </message>
    <message>
        <source>No NVIDIA GPU on this machine: GPU stages cannot run here.</source>
        <translation>このマシンには NVIDIA GPU がありません：GPU ステージはここでは実行できません。</translation>
    </message>
    <message>
        <source>Cannot run here: %1</source>
        <translation>ここでは実行できません：%1</translation>
    </message>
    <message>
        <source>%1 cannot run here: %2</source>
        <translation>%1 はここでは実行できません：%2</translation>
    </message>
    <message>
        <source>Run the selected stage again</source>
        <translation>選択したステージを再実行</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 failed: %2. %3</source>
        <translation>%1 が失敗しました：%2。%3</translation>
    </message>
    <message>
        <source>%1 running for %2:%3</source>
        <translation>%1 実行中 %2:%3</translation>
    </message>
    <message>
        <source>Live output</source>
        <translation>ライブ出力</translation>
    </message>
    <message>
        <source>Report: %1</source>
        <translation>レポート：%1</translation>
    </message>
    <message>
        <source>Agent log: %1</source>
        <translation>エージェントログ：%1</translation>
    </message>
    <message>
        <source>No report, agent log or run log for %1 yet.</source>
        <translation>%1 のレポート、エージェントログ、実行ログはまだありません。</translation>
    </message>
    <message>
        <source>%1 does not exist (any more).</source>
        <translation>%1 は存在しません（もうありません）。</translation>
    </message>
    <message>
        <source>%1 failed: %2
%3
--- last lines ---
%4
--- full log ---
%5</source>
        <translation>%1 が失敗しました：%2
%3
--- 最後の行 ---
%4
--- 完全なログ ---
%5</translation>
    </message>
    <message>
        <source>Rerun %1</source>
        <translation>%1 を再実行</translation>
    </message>
    <message>
        <source>Rerun %1 beyond the pipeline cap</source>
        <translation>パイプライン上限を超えて %1 を再実行</translation>
    </message>
    <message>
        <source>Cancel run</source>
        <translation>実行をキャンセル</translation>
    </message>
    <message>
        <source>Reload stage state</source>
        <translation>ステージの状態を再読み込み</translation>
    </message>
    <message>
        <source>Trust this workspace?</source>
        <translation>このワークスペースを信頼しますか？</translation>
    </message>
    <message>
        <source>TileLens is about to run commands declared for
%1

Run them only if you trust this workspace. Exactly what each command runs (arguments, shell, environment, working directory, timeout, launcher) and every path it writes are listed under “Show Details”.</source>
        <translation>TileLens は次の場所に宣言されたコマンドを実行しようとしています：
%1

このワークスペースを信頼する場合にのみ実行してください。各コマンドが実行する内容（引数、シェル、環境、作業ディレクトリ、タイムアウト、ランチャー）と書き込むすべてのパスは「詳細を表示」に一覧されています。</translation>
    </message>
    <message>
        <source>Trust and run</source>
        <translation>信頼して実行</translation>
    </message>
    <message>
        <source>Do not trust</source>
        <translation>信頼しない</translation>
    </message>
    <message>
        <source>Could not store the trust decision: %1</source>
        <translation>信頼の決定を保存できませんでした：%1</translation>
    </message>
    <message>
        <source>Not run: this workspace is not trusted.</source>
        <translation>実行していません：このワークスペースは信頼されていません。</translation>
    </message>
    <message>
        <source>%1 not run: %2</source>
        <translation>%1 は実行されていません：%2</translation>
    </message>
    <message>
        <source>%1 runs once without CUPTI device times: %2</source>
        <translation>%1 は CUPTI デバイス時間なしで 1 回実行します：%2</translation>
    </message>
    <message>
        <source>%1: profiled run 1 of %2 with CUPTI</source>
        <translation>%1: CUPTI によるプロファイル実行 1 / %2</translation>
    </message>
    <message>
        <source>%1: profiled run %2 of %3 done, %4 configuration(s) measured</source>
        <translation>%1: プロファイル実行 %2 / %3 完了、%4 構成を測定</translation>
    </message>
    <message>
        <source>; no device times: %1</source>
        <translation>。デバイス時間なし：%1</translation>
    </message>
    <message>
        <source>[… %1 bytes skipped in the live view; the log file has them]
</source>
        <translation>[… ライブ表示で %1 バイトを省略しました。ログファイルには含まれています]
</translation>
    </message>
    <message>
        <source>[… %1 bytes skipped]</source>
        <translation>[… %1 バイトを省略]</translation>
    </message>
    <message>
        <source>%1 failed: %2
%3
--- last lines ---
%4</source>
        <translation>%1 が失敗しました：%2
%3
--- 最後の行 ---
%4</translation>
    </message>
    <message>
        <source>TileLens&apos;s own diff of %1 and %2 (the verdict in the status bar; no diff report was written)</source>
        <translation>TileLens 自身による %1 と %2 の差分（判定はステータスバー。差分レポートは書かれていません）</translation>
    </message>
    <message>
        <source>Trusting covers those commands, where they run and the workspace scripts they run. It does not cover the files those scripts read or import, nor anything outside the workspace: a change there will not ask again.</source>
        <translation>信頼の対象は、これらのコマンド、その実行場所、およびコマンドが実行するワークスペース内のスクリプトです。それらのスクリプトが読み込む・インポートするファイルや、ワークスペース外のものは対象外です。そこが変更されても再確認は行われません。</translation>
    </message>
    <message>
        <source>Asked again because %1.</source>
        <translation>%1 のため、再確認しています。</translation>
    </message>
    <message>
        <source>none, both IR files are there (the IR diff is in the inspector)</source>
        <translation>なし。両方の IR ファイルがあります（IR 差分はインスペクタにあります）</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::panels::StageTableModel</name>
    <message>
        <source>The built-in &apos;%1&apos; is not available in this build.</source>
        <translation>組み込みステージ「%1」はこのビルドでは使えません。</translation>
    </message>
    <message>
        <source>run of %1</source>
        <translation>%1 の実行</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>待機中</translation>
    </message>
    <message>
        <source>running %1</source>
        <translation>実行中 %1</translation>
    </message>
    <message>
        <source> (%1/%2 tests)</source>
        <translation>（%1/%2 テスト）</translation>
    </message>
    <message>
        <source>not runnable here</source>
        <translation>ここでは実行不可</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>未実行</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完了</translation>
    </message>
    <message>
        <source>stale</source>
        <translation>古い</translation>
    </message>
    <message>
        <source>next: %1</source>
        <translation>次：%1</translation>
    </message>
    <message>
        <source>Cannot run here: %1</source>
        <translation>ここでは実行できません：%1</translation>
    </message>
    <message>
        <source>Verdict from %1</source>
        <translation>%1 による判定</translation>
    </message>
    <message>
        <source>Over the pipeline cap (%1 runs, cap %2).</source>
        <translation>パイプライン上限を超えています（%1 回実行、上限 %2）。</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>ステージ</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>Class / owner</source>
        <translation>分類 / 担当</translation>
    </message>
    <message>
        <source>Runs / cap</source>
        <translation>回数 / 上限</translation>
    </message>
    <message>
        <source>Freshness</source>
        <translation>鮮度</translation>
    </message>
    <message>
        <source>Next step</source>
        <translation>次のステップ</translation>
    </message>
    <message>
        <source>computed</source>
        <translation>計算済み</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::HiddenTextNote</name>
    <message>
        <source>This file has a hidden or bidirectional Unicode character, drawn as a box: %1 on line %2. The text may read differently than it compiles.</source>
        <translation>このファイルには不可視または双方向の Unicode 文字が 1 個あり、枠で表示しています: %2 行目の %1。見た目とコンパイルされる内容が異なる可能性があります。</translation>
    </message>
    <message>
        <source>This file has %1 hidden or bidirectional Unicode characters, drawn as boxes (the first is %2) on line %3. The text may read differently than it compiles.</source>
        <translation>このファイルには不可視または双方向の Unicode 文字が %1 個あり、枠で表示しています（最初は %2）: %3 行目。見た目とコンパイルされる内容が異なる可能性があります。</translation>
    </message>
    <message>
        <source>This file has %1 hidden or bidirectional Unicode characters, drawn as boxes (the first is %2) on lines %3. The text may read differently than it compiles.</source>
        <translation>このファイルには不可視または双方向の Unicode 文字が %1 個あり、枠で表示しています（最初は %2）: %3 行目。見た目とコンパイルされる内容が異なる可能性があります。</translation>
    </message>
    <message>
        <source>Go to line %1</source>
        <translation>%1 行目へ移動</translation>
    </message>
    <message>
        <source>Latin</source>
        <translation>ラテン</translation>
    </message>
    <message>
        <source>Greek</source>
        <translation>ギリシャ</translation>
    </message>
    <message>
        <source>Cyrillic</source>
        <translation>キリル</translation>
    </message>
    <message>
        <source>Armenian</source>
        <translation>アルメニア</translation>
    </message>
    <message>
        <source>The name %1 on line %2 mixes %3 letters (%4): it may read as another name.</source>
        <translation>%2 行目の名前 %1 は %3 文字を混在させています (%4)。別の名前のように読める可能性があります。</translation>
    </message>
    <message>
        <source>This file has %1 names that may read as other names; the first, %2 on line %3, mixes %4 letters (%5).</source>
        <translation>このファイルには、別の名前のように読める可能性のある名前が %1 個あります。最初の %2 (%3 行目) は %4 文字を混在させています (%5)。</translation>
    </message>
    <message>
        <source>The name %1 on line %2 is written in %3 letters (%4) that look like Latin ones: it reads as %5, another name.</source>
        <translation>%2 行目の名前 %1 は、ラテン文字に見える %3 文字 (%4) で書かれています。別の名前 %5 として読めます。</translation>
    </message>
    <message>
        <source>This file has %1 names that may read as other names; the first, %2 on line %3, is written in %4 letters (%5) that look like Latin ones and reads as %6.</source>
        <translation>このファイルには、別の名前のように読める可能性のある名前が %1 個あります。最初の %2 (%3 行目) は、ラテン文字に見える %4 文字 (%5) で書かれており、%6 として読めます。</translation>
    </message>
</context>
</TS>
