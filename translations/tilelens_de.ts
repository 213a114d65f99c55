<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AbiRule</name>
    <message>
        <source>%1 gets %2 where the reference passes %3 to its %4: the kernel reads or writes the wrong tensor</source>
        <translation>%1 erhält %2, wo die Referenz %3 an ihr %4 übergibt: der Kernel liest oder schreibt den falschen Tensor</translation>
    </message>
    <message>
        <source>%1 gets %2, where the reference&apos;s tensor for it is %3: a stride of the wrong tensor addresses the wrong elements whenever their layouts differ</source>
        <translation>%1 erhält %2, wo der Tensor der Referenz dafür %3 ist: die Schrittweite des falschen Tensors adressiert die falschen Elemente, sobald sich die Layouts unterscheiden</translation>
    </message>
    <message>
        <source>%1 gets %2, where the reference&apos;s tensor for it gives %3: the stride of the wrong dimension addresses the wrong elements</source>
        <translation>%1 erhält %2, wo der Tensor der Referenz dafür %3 liefert: die Schrittweite der falschen Dimension adressiert die falschen Elemente</translation>
    </message>
    <message>
        <source>%1 gets %2 = %3 where the reference passes %4 = %5 for the same call (%6): the kernel works on the wrong size</source>
        <translation>%1 erhält %2 = %3, wo die Referenz für denselben Aufruf %4 = %5 übergibt (%6): der Kernel arbeitet mit der falschen Größe</translation>
    </message>
    <message>
        <source>dtype dispatch: %1 tensors run the kernel instantiated for %2, which reads and writes them as %2</source>
        <translation>dtype-Verteilung: %1-Tensoren laufen durch den für %2 instanziierten Kernel, der sie als %2 liest und schreibt</translation>
    </message>
    <message>
        <source>the kernel&apos;s element type generic is %1 whatever the dtype of %2: other dtypes are read and written as %1</source>
        <translation>der Elementtyp-Parameter des Kernels ist %1, gleich welchen dtype %2 hat: andere dtypes werden als %1 gelesen und geschrieben</translation>
    </message>
    <message>
        <source>%1 gets a tensor of dtype %2 where the kernel reads %3 (the reference passes %4)</source>
        <translation>%1 erhält einen Tensor mit dtype %2, wo der Kernel %3 liest (die Referenz übergibt %4)</translation>
    </message>
    <message>
        <source>grid %1 = %2 where the reference launches %3 for the same call (%4): blocks are missing or run past the tensors</source>
        <translation>Grid %1 = %2, wo die Referenz für denselben Aufruf %3 startet (%4): Blöcke fehlen oder laufen über die Tensoren hinaus</translation>
    </message>
    <message>
        <source>%1 = %2 does not cover the reference&apos;s tile %3 = %4 (%5): elements past it are never loaded or stored</source>
        <translation>%1 = %2 deckt die Kachel %3 = %4 der Referenz nicht ab (%5): Elemente dahinter werden nie geladen oder gespeichert</translation>
    </message>
    <message>
        <source>%1 copies %2 before the launch, where the reference passes it with its own strides: a copy on every call whose input is not contiguous</source>
        <translation>%1 kopiert %2 vor dem Start, wo die Referenz ihn mit seinen eigenen Schrittweiten übergibt: eine Kopie bei jedem Aufruf mit nicht zusammenhängender Eingabe</translation>
    </message>
    <message>
        <source>%1 allocates a tensor the reference does not (shape %2): memory and time on every call</source>
        <translation>%1 legt einen Tensor an, den die Referenz nicht anlegt (Form %2): Speicher und Zeit bei jedem Aufruf</translation>
    </message>
    <message>
        <source>the kernel is launched on %1, not on the caller&apos;s current stream: it is not ordered with the caller&apos;s work on that stream</source>
        <translation>der Kernel wird auf %1 gestartet, nicht auf dem aktuellen Stream des Aufrufers: er ist nicht mit der Arbeit des Aufrufers auf diesem Stream geordnet</translation>
    </message>
    <message>
        <source>unchecked_accesses = true: %1 runs without cuTile Rust&apos;s partition bounds checks (tile indices are not asserted to be in range); an index past a tensor reads or writes out of bounds instead of stopping the kernel</source>
        <translation>unchecked_accesses = true: %1 läuft ohne die Partitions-Grenzprüfungen von cuTile Rust (Kachelindizes werden nicht auf ihren Bereich geprüft); ein Index hinter einem Tensor liest oder schreibt außerhalb der Grenzen, statt den Kernel anzuhalten</translation>
    </message>
</context>
<context>
    <name>ChecklistText</name>
    <message>
        <source>Both forms compute the same values: nothing to fix.</source>
        <translation>Beide Formen berechnen dieselben Werte: nichts zu beheben.</translation>
    </message>
    <message>
        <source>A known gap of cuTile Rust: the port cannot change it.</source>
        <translation>Eine bekannte Lücke von cuTile Rust: die Portierung kann daran nichts ändern.</translation>
    </message>
    <message>
        <source>The compiler optimises on every assume: one the launch does not guarantee can silently give wrong results.</source>
        <translation>Der Compiler optimiert auf jedes assume hin: eines, das der Start nicht garantiert, kann unbemerkt falsche Ergebnisse liefern.</translation>
    </message>
    <message>
        <source>Another comparison predicate selects other elements, so masks, bounds and branches change.</source>
        <translation>Ein anderes Vergleichsprädikat wählt andere Elemente aus, also ändern sich Masken, Grenzen und Verzweigungen.</translation>
    </message>
    <message>
        <source>Another constant changes the values computed.</source>
        <translation>Eine andere Konstante ändert die berechneten Werte.</translation>
    </message>
    <message>
        <source>Another math op computes another function of its inputs.</source>
        <translation>Eine andere Rechenoperation berechnet eine andere Funktion ihrer Eingaben.</translation>
    </message>
    <message>
        <source>Flushing subnormals to zero changes the results for very small values.</source>
        <translation>Subnormale Zahlen auf null zu setzen ändert die Ergebnisse für sehr kleine Werte.</translation>
    </message>
    <message>
        <source>A function on one side only is code the other side does not have.</source>
        <translation>Eine Funktion auf nur einer Seite ist Code, den die andere Seite nicht hat.</translation>
    </message>
    <message>
        <source>allow_tma decides whether loads may use the Tensor Memory Accelerator, which changes speed and the layouts a load accepts.</source>
        <translation>allow_tma entscheidet, ob Ladeoperationen den Tensor Memory Accelerator nutzen dürfen; das ändert die Geschwindigkeit und die Layouts, die eine Ladeoperation annimmt.</translation>
    </message>
    <message>
        <source>A reduction starts from its identity: a wrong one (0 instead of -inf for a max) changes every reduced value.</source>
        <translation>Eine Reduktion beginnt bei ihrem neutralen Element: ein falsches (0 statt -inf für ein Maximum) ändert jeden reduzierten Wert.</translation>
    </message>
    <message>
        <source>A bounded and an unbounded loop can run a different number of iterations.</source>
        <translation>Eine beschränkte und eine unbeschränkte Schleife können unterschiedlich viele Iterationen ausführen.</translation>
    </message>
    <message>
        <source>Another family of memory op reads or writes memory another way (pointers or views, masks, tokens).</source>
        <translation>Eine andere Familie von Speicheroperationen liest oder schreibt Speicher auf andere Weise (Zeiger oder Views, Masken, Tokens).</translation>
    </message>
    <message>
        <source>A weaker memory ordering or a narrower scope can let other threads see stale or reordered values.</source>
        <translation>Eine schwächere Speicherordnung oder ein engerer Geltungsbereich kann andere Threads veraltete oder umgeordnete Werte sehen lassen.</translation>
    </message>
    <message>
        <source>Side effects in another order change what memory holds when two of them touch the same address.</source>
        <translation>Seiteneffekte in anderer Reihenfolge ändern den Speicherinhalt, wenn zwei davon dieselbe Adresse berühren.</translation>
    </message>
    <message>
        <source>This type only follows another difference: fix that one and this one goes away.</source>
        <translation>Dieser Typ folgt nur aus einem anderen Unterschied: behebt man jenen, verschwindet dieser.</translation>
    </message>
    <message>
        <source>The entry takes its arguments another way: the launch must pass them as the generated entry expects.</source>
        <translation>Der Einstiegspunkt nimmt seine Argumente anders entgegen: der Start muss sie so übergeben, wie der generierte Einstiegspunkt sie erwartet.</translation>
    </message>
    <message>
        <source>A launch hint changes speed, not the values computed.</source>
        <translation>Ein Start-Hinweis ändert die Geschwindigkeit, nicht die berechneten Werte.</translation>
    </message>
    <message>
        <source>Other strides address other elements: reads and writes go to the wrong places.</source>
        <translation>Andere Schrittweiten adressieren andere Elemente: Lese- und Schreibzugriffe gehen an die falschen Stellen.</translation>
    </message>
    <message>
        <source>A narrower accumulator loses precision over the sums of a matrix multiply.</source>
        <translation>Ein schmalerer Akkumulator verliert Genauigkeit über die Summen einer Matrixmultiplikation.</translation>
    </message>
    <message>
        <source>Without the conversion the accumulator is stored as it is: the output gets the wrong element type or values.</source>
        <translation>Ohne die Umwandlung wird der Akkumulator unverändert gespeichert: die Ausgabe erhält den falschen Elementtyp oder falsche Werte.</translation>
    </message>
    <message>
        <source>A matrix multiply fed by other values computes another product.</source>
        <translation>Eine Matrixmultiplikation mit anderen Eingabewerten berechnet ein anderes Produkt.</translation>
    </message>
    <message>
        <source>Tokens order memory accesses: another order matters only when two accesses can touch the same address.</source>
        <translation>Tokens ordnen Speicherzugriffe: eine andere Reihenfolge zählt nur, wenn zwei Zugriffe dieselbe Adresse berühren können.</translation>
    </message>
    <message>
        <source>Another loop step visits other iterations: tiles are skipped or done twice.</source>
        <translation>Eine andere Schleifenschrittweite besucht andere Iterationen: Kacheln werden übersprungen oder doppelt bearbeitet.</translation>
    </message>
    <message>
        <source>Another partition tile shape cuts the tensor into other tiles: elements are read from or written to the wrong places.</source>
        <translation>Eine andere Partitionskachelform zerlegt den Tensor in andere Kacheln: Elemente werden von den falschen Stellen gelesen oder an die falschen Stellen geschrieben.</translation>
    </message>
    <message>
        <source>Masked-off lanes of a gather are undefined without padding: they matter wherever they reach a result.</source>
        <translation>Ausmaskierte Lanes eines Gather sind ohne Padding undefiniert: sie zählen überall, wo sie ein Ergebnis erreichen.</translation>
    </message>
    <message>
        <source>maxf and minf are exact: a rounding attribute on them changes nothing.</source>
        <translation>maxf und minf sind exakt: ein Rundungsattribut an ihnen ändert nichts.</translation>
    </message>
    <message>
        <source>An unused constant changes nothing: the canonicalizer removes it.</source>
        <translation>Eine unbenutzte Konstante ändert nichts: die Kanonisierung entfernt sie.</translation>
    </message>
    <message>
        <source>The assume states what the launch guarantees anyway: it changes nothing.</source>
        <translation>Das assume besagt, was der Start ohnehin garantiert: es ändert nichts.</translation>
    </message>
</context>
<context>
    <name>CpuRun</name>
    <message>
        <source>inconclusive: on %1 the reference itself fails (%2): these inputs are outside the reference&apos;s contract, so the run refutes nothing</source>
        <translation>nicht aussagekräftig: mit %1 scheitert schon die Referenz (%2): diese Eingaben liegen außerhalb des Vertrags der Referenz, daher widerlegt der Lauf nichts</translation>
    </message>
    <message>
        <source>inconclusive: the outputs differ on %1, which may lie outside the reference&apos;s contract (the sizes it was compiled for), and no critical divergence explains them, so the run refutes nothing; give the binding to decide</source>
        <translation>nicht aussagekräftig: die Ausgaben unterscheiden sich mit %1, die außerhalb des Vertrags der Referenz liegen kann (der Größen, für die sie kompiliert wurde), und keine kritische Abweichung erklärt das, daher widerlegt der Lauf nichts; geben Sie die Bindung an, um zu entscheiden</translation>
    </message>
    <message>
        <source>a guessed binding (%1)</source>
        <translation>einer geratenen Bindung (%1)</translation>
    </message>
    <message>
        <source>the binding derived from the port&apos;s launch chain (%1)</source>
        <translation>der aus der Startkette des Ports abgeleiteten Bindung (%1)</translation>
    </message>
    <message>
        <source>a binding derived from the pair (%1)</source>
        <translation>einer aus dem Paar abgeleiteten Bindung (%1)</translation>
    </message>
    <message>
        <source>the given binding (%1)</source>
        <translation>der angegebenen Bindung (%1)</translation>
    </message>
</context>
<context>
    <name>DivergenceText</name>
    <message>
        <source>%1, unproven</source>
        <translation>%1, unbewiesen</translation>
    </message>
    <message>
        <source>ref %1 ↔ gen %2</source>
        <translation>Ref. %1 ↔ Gen. %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Proof:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Beweis:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Counterexample:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Gegenbeispiel:&lt;/b&gt; %1</translation>
    </message>
    <message numerus="yes">
        <source>%n site(s); all of them in the details pane</source>
        <translation>
            <numerusform>%n Stelle; alle im Detailbereich</numerusform>
            <numerusform>%n Stellen; alle im Detailbereich</numerusform>
        </translation>
    </message>
    <message>
        <source>owner: %1</source>
        <translation>zuständig: %1</translation>
    </message>
    <message>
        <source>checklist item %1</source>
        <translation>Checklistenpunkt %1</translation>
    </message>
    <message>
        <source>attribute: %1</source>
        <translation>Attribut: %1</translation>
    </message>
    <message>
        <source>reference: &lt;code&gt;%1&lt;/code&gt; · generated: &lt;code&gt;%2&lt;/code&gt;</source>
        <translation>Referenz: &lt;code&gt;%1&lt;/code&gt; · generiert: &lt;code&gt;%2&lt;/code&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Unproven:&lt;/b&gt; no counterexample found: the differ could not show the two sides equal, nor find an input on which they differ</source>
        <translation>&lt;b&gt;Unbewiesen:&lt;/b&gt; kein Gegenbeispiel gefunden: der Differ konnte weder zeigen, dass beide Seiten gleich sind, noch eine Eingabe finden, bei der sie sich unterscheiden</translation>
    </message>
    <message>
        <source>&lt;b&gt;CPU run:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;CPU-Lauf:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Sites (%1):&lt;/b&gt; %2</source>
        <translation>&lt;b&gt;Stellen (%1):&lt;/b&gt; %2</translation>
    </message>
    <message numerus="yes">
        <source>; %n op(s) using its result differ only through it</source>
        <translation>
            <numerusform>; %n Op, die sein Ergebnis nutzt, unterscheidet sich nur dadurch</numerusform>
            <numerusform>; %n Ops, die sein Ergebnis nutzen, unterscheiden sich nur dadurch</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%n sites)</source>
        <translation>
            <numerusform> (%n Stelle)</numerusform>
            <numerusform> (%n Stellen)</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Why it matters:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Warum es zählt:&lt;/b&gt; %1</translation>
    </message>
</context>
<context>
    <name>RuleMessage</name>
    <message>
        <source>{op}: rounding {ref_value} in reference, {gen_value} in generated: another IEEE rounding mode (absent is nearest_even) can change the last bit of a result</source>
        <translation>{op}: Rundung {ref_value} in Referenz, {gen_value} in generiert: ein anderer IEEE-Rundungsmodus (fehlend heißt nearest_even) kann das letzte Bit eines Ergebnisses ändern</translation>
    </message>
    <message>
        <source>assume {gen_value} on a block id, grid size or loop index only in generated</source>
        <translation>assume {gen_value} auf einer Block-ID, Gittergröße oder einem Schleifenindex nur in generiert</translation>
    </message>
    <message>
        <source>assume {gen_value} on a scalar only in generated: a divisibility hint derived from the launch value (review: a wrong claim miscompiles)</source>
        <translation>assume {gen_value} auf einem Skalar nur in generiert: ein aus dem Startwert abgeleiteter Teilbarkeitshinweis (prüfen: eine falsche Annahme führt zu Fehlkompilierung)</translation>
    </message>
    <message>
        <source>assume {gen_value} only in generated</source>
        <translation>assume {gen_value} nur in generiert</translation>
    </message>
    <message>
        <source>assume {ref_value} in reference, {gen_value} in generated on a value the kernel computes: a stronger divisibility claim no launch guarantees; where it is false the compiler may miscompile</source>
        <translation>assume {ref_value} in Referenz, {gen_value} in generiert auf einem vom Kernel berechneten Wert: eine stärkere Teilbarkeitsaussage, die kein Start garantiert; wo sie falsch ist, kann der Compiler falsch übersetzen</translation>
    </message>
    <message>
        <source>assume {ref_value} in reference, {gen_value} in generated: a divisibility hint chosen by each launcher from the argument value (review that it holds for every launch)</source>
        <translation>assume {ref_value} in Referenz, {gen_value} in generiert: ein Teilbarkeitshinweis, den jeder Launcher aus dem Argumentwert wählt (prüfen, dass er für jeden Start gilt)</translation>
    </message>
    <message>
        <source>assume {ref_value} on a pointer missing in generated (views/TMA; no measured gap)</source>
        <translation>assume {ref_value} auf einem Zeiger fehlt in generiert (Views/TMA; kein gemessener Abstand)</translation>
    </message>
    <message>
        <source>assume {ref_value} on a pointer missing in generated, which accesses memory through raw pointers</source>
        <translation>assume {ref_value} auf einem Zeiger fehlt in generiert, das über rohe Zeiger auf den Speicher zugreift</translation>
    </message>
    <message>
        <source>assume {ref_value} present in reference, missing in generated</source>
        <translation>assume {ref_value} in Referenz vorhanden, fehlt in generiert</translation>
    </message>
    <message>
        <source>constant: value {ref_value} in reference, {gen_value} in generated</source>
        <translation>constant: Wert {ref_value} in Referenz, {gen_value} in generiert</translation>
    </message>
    <message>
        <source>entry hint {attribute} = {ref_value} in reference, missing in generated</source>
        <translation>Entry-Hinweis {attribute} = {ref_value} in Referenz, fehlt in generiert</translation>
    </message>
    <message>
        <source>entry hint {attribute} = {gen_value} only in generated, the reference keeps the compiler&apos;s default: a launch hint (occupancy: CTAs per SM the compiler budgets registers for; num_cta_in_cga: CTAs per cluster, the grid must be a multiple of it): it changes speed, not the values computed (checklist M1)</source>
        <translation>Entry-Hinweis {attribute} = {gen_value} nur in generiert, die Referenz behält den Standardwert des Compilers: ein Launch-Hinweis (occupancy: CTAs pro SM, für die der Compiler Register einplant; num_cta_in_cga: CTAs pro Cluster, das Grid muss ein Vielfaches davon sein): er ändert die Geschwindigkeit, nicht die berechneten Werte (Checkliste M1)</translation>
    </message>
    <message>
        <source>entry hint {attribute}: {ref_value} in reference, {gen_value} in generated: a launch hint (occupancy: CTAs per SM the compiler budgets registers for; num_cta_in_cga: CTAs per cluster, the grid must be a multiple of it): it changes speed, not the values computed (checklist M1)</source>
        <translation>Entry-Hinweis {attribute}: {ref_value} in Referenz, {gen_value} in generiert: ein Launch-Hinweis (occupancy: CTAs pro SM, für die der Compiler Register einplant; num_cta_in_cga: CTAs pro Cluster, das Grid muss ein Vielfaches davon sein): er ändert die Geschwindigkeit, nicht die berechneten Werte (Checkliste M1)</translation>
    </message>
    <message>
        <source>entry: argument ABI: {ref_value} in reference, {gen_value} in generated; the same element types behind the pointers, passed as array descriptors (pointer, shape, strides) vs raw pointers and scalars: a calling convention that changes no result by itself (how the kernel uses each value is compared op by op); review the launcher&apos;s argument order</source>
        <translation>entry: Argument-ABI: {ref_value} in Referenz, {gen_value} in generiert; dieselben Elementtypen hinter den Zeigern, übergeben als Array-Deskriptoren (Zeiger, Form, Strides) bzw. als rohe Zeiger und Skalare: eine Aufrufkonvention, die für sich kein Ergebnis ändert (wie der Kernel jeden Wert nutzt, wird Op für Op verglichen); die Argumentreihenfolge des Launchers prüfen</translation>
    </message>
    <message>
        <source>entry: specialised constant vs runtime argument: the reference is compiled for the constants {ref_value} (its entry name), the generated entry takes {gen_value}; review that every launch passes the reference&apos;s values</source>
        <translation>entry: spezialisierte Konstante statt Laufzeitargument: die Referenz ist für die Konstanten {ref_value} kompiliert (ihr Entry-Name), der generierte Entry nimmt {gen_value}; prüfen, dass jeder Start die Werte der Referenz übergibt</translation>
    </message>
    <message>
        <source>entry: {attribute} {ref_value} in reference, {gen_value} in generated</source>
        <translation>entry: {attribute} {ref_value} in Referenz, {gen_value} in generiert</translation>
    </message>
    <message>
        <source>for: loop bound differs (operand {operand})</source>
        <translation>for: Schleifengrenze unterscheidet sich (Operand {operand})</translation>
    </message>
    <message>
        <source>for: loop step differs (operand {operand})</source>
        <translation>for: Schleifenschritt unterscheidet sich (Operand {operand})</translation>
    </message>
    <message>
        <source>{function}: function present on one side only</source>
        <translation>{function}: Funktion nur auf einer Seite vorhanden</translation>
    </message>
    <message>
        <source>{function}: reference carries source locations, generated has none (cuTile Rust emits no debug locations)</source>
        <translation>{function}: Referenz trägt Quellpositionen, generiert keine (cuTile Rust erzeugt keine Debug-Positionen)</translation>
    </message>
    <message>
        <source>{op}: accumulator type {ref_value} in reference, {gen_value} in generated</source>
        <translation>{op}: Akkumulatortyp {ref_value} in Referenz, {gen_value} in generiert</translation>
    </message>
    <message>
        <source>{op}: allow_tma {ref_value} in reference, {gen_value} in generated</source>
        <translation>{op}: allow_tma {ref_value} in Referenz, {gen_value} in generiert</translation>
    </message>
    <message>
        <source>{op}: bounded for vs unbounded loop ({ref_op} in reference, {gen_op} in generated)</source>
        <translation>{op}: begrenzte for- statt unbegrenzter Schleife ({ref_op} in Referenz, {gen_op} in generiert)</translation>
    </message>
    <message>
        <source>{op}: conversion {ref_value} present in reference, missing in generated (store from accumulator needs it)</source>
        <translation>{op}: Konvertierung {ref_value} in Referenz vorhanden, fehlt in generiert (das Speichern aus dem Akkumulator braucht sie)</translation>
    </message>
    <message>
        <source>{op}: duplicate of an identical earlier op (CSE merges it)</source>
        <translation>{op}: Duplikat einer identischen früheren Op (CSE führt sie zusammen)</translation>
    </message>
    <message>
        <source>{op}: gather padding {ref_value} in reference, {gen_value} in generated: the masked-off lanes hold another value, which reaches memory wherever a store mask admits a lane the load mask excludes</source>
        <translation>{op}: Gather-Padding {ref_value} in Referenz, {gen_value} in generiert: die ausmaskierten Lanes enthalten einen anderen Wert, der den Speicher erreicht, wo immer eine Store-Maske eine Lane zulässt, die die Load-Maske ausschließt</translation>
    </message>
    <message>
        <source>{op}: gather padding {ref_value} -&gt; {gen_value}: masked-off lanes are undefined without padding; they reach memory only where a store mask admits a lane the load mask excludes (a store extent larger than the load extent)</source>
        <translation>{op}: Gather-Padding {ref_value} -&gt; {gen_value}: ausmaskierte Lanes sind ohne Padding undefiniert; sie erreichen den Speicher nur, wo eine Store-Maske eine Lane zulässt, die die Load-Maske ausschließt (Store-Ausdehnung größer als Load-Ausdehnung)</translation>
    </message>
    <message>
        <source>{op}: get_index_space_shape on one side, manual ceil-div of the tensor shape on the other</source>
        <translation>{op}: get_index_space_shape auf einer Seite, manuelle Aufrundungsdivision der Tensorform auf der anderen</translation>
    </message>
    <message>
        <source>{op}: hint {attribute} = {gen_value} only in generated</source>
        <translation>{op}: Hinweis {attribute} = {gen_value} nur in generiert</translation>
    </message>
    <message>
        <source>{op}: hint {attribute} = {ref_value} missing in generated (unsupported by cuTile Rust)</source>
        <translation>{op}: Hinweis {attribute} = {ref_value} fehlt in generiert (von cuTile Rust nicht unterstützt)</translation>
    </message>
    <message>
        <source>{op}: hint {attribute} missing in generated (cuTile Rust may not emit it)</source>
        <translation>{op}: Hinweis {attribute} fehlt in generiert (cuTile Rust erzeugt ihn womöglich nicht)</translation>
    </message>
    <message>
        <source>{op}: hint {attribute} {ref_value} in reference, {gen_value} in generated</source>
        <translation>{op}: Hinweis {attribute} {ref_value} in Referenz, {gen_value} in generiert</translation>
    </message>
    <message>
        <source>{op}: identities {ref_value} in reference, {gen_value} in generated</source>
        <translation>{op}: Identitäten {ref_value} in Referenz, {gen_value} in generiert</translation>
    </message>
    <message>
        <source>{op}: loaded tile and token unused, present on one side only (no result change, but memory is read for nothing)</source>
        <translation>{op}: geladene Kachel und Token ungenutzt, nur auf einer Seite vorhanden (kein geändertes Ergebnis, aber Speicher wird umsonst gelesen)</translation>
    </message>
    <message>
        <source>{op}: loop step wrapped in assume on one side, raw on the other</source>
        <translation>{op}: Schleifenschritt auf einer Seite in assume verpackt, auf der anderen roh</translation>
    </message>
    <message>
        <source>{op}: make_strided_view has no cuTile Rust equivalent (partition views are used instead)</source>
        <translation>{op}: make_strided_view hat keine Entsprechung in cuTile Rust (stattdessen werden Partition-Views verwendet)</translation>
    </message>
    <message>
        <source>{op}: memory op differs ({ref_op} in reference, {gen_op} in generated)</source>
        <translation>{op}: Speicher-Op unterscheidet sich ({ref_op} in Referenz, {gen_op} in generiert)</translation>
    </message>
    <message>
        <source>{op}: operand type {ref_value} written in reference, {gen_value} in generated</source>
        <translation>{op}: Operandtyp {ref_value} in Referenz geschrieben, {gen_value} in generiert</translation>
    </message>
    <message>
        <source>{op}: operand {operand} fed by a different value in generated</source>
        <translation>{op}: Operand {operand} wird in generiert von einem anderen Wert gespeist</translation>
    </message>
    <message>
        <source>{op}: ordering token {ref_value} -&gt; {gen_value} (checklist M6) - harmless, proven: root tokens only</source>
        <translation>{op}: Ordnungs-Token {ref_value} -&gt; {gen_value} (Checkliste M6) - harmlos, bewiesen: nur Wurzel-Token</translation>
    </message>
    <message>
        <source>{op}: ordering token {ref_value} -&gt; {gen_value} (checklist M6): memory ops are ordered differently; harmless unless two of them can touch the same address</source>
        <translation>{op}: Ordnungs-Token {ref_value} -&gt; {gen_value} (Checkliste M6): Speicher-Ops sind anders geordnet; harmlos, außer zwei davon können dieselbe Adresse berühren</translation>
    </message>
    <message>
        <source>{op}: padding_value {ref_value} in reference, {gen_value} in generated</source>
        <translation>{op}: padding_value {ref_value} in Referenz, {gen_value} in generiert</translation>
    </message>
    <message>
        <source>{op}: partition tile {ref_value} in reference, {gen_value} in generated</source>
        <translation>{op}: Partitionskachel {ref_value} in Referenz, {gen_value} in generiert</translation>
    </message>
    <message>
        <source>{op}: result type {ref_value} -&gt; {gen_value} follows from an operand&apos;s type change</source>
        <translation>{op}: Ergebnistyp {ref_value} -&gt; {gen_value} folgt aus der Typänderung eines Operanden</translation>
    </message>
    <message>
        <source>{op}: result type {ref_value} in reference, {gen_value} in generated</source>
        <translation>{op}: Ergebnistyp {ref_value} in Referenz, {gen_value} in generiert</translation>
    </message>
    <message>
        <source>{op}: result unused, present on one side only (dead code)</source>
        <translation>{op}: Ergebnis ungenutzt, nur auf einer Seite vorhanden (toter Code)</translation>
    </message>
    <message>
        <source>{op}: rounding attribute {gen_value} in generated (maxf/minf take none; harmless: max and min are exact)</source>
        <translation>{op}: Rundungsattribut {gen_value} in generiert (maxf/minf nehmen keins; harmlos: Max und Min sind exakt)</translation>
    </message>
    <message>
        <source>{op}: side-effecting op in a different order relative to others</source>
        <translation>{op}: Op mit Seiteneffekt in anderer Reihenfolge relativ zu den übrigen</translation>
    </message>
    <message>
        <source>{op}: strided view with element offsets on one side, partition view with tile indices on the other, addressing the same elements</source>
        <translation>{op}: Strided-View mit Elementoffsets auf einer Seite, Partition-View mit Kachelindizes auf der anderen, die dieselben Elemente adressieren</translation>
    </message>
    <message>
        <source>{op}: strides {ref_value} in reference, {gen_value} in generated</source>
        <translation>{op}: Strides {ref_value} in Referenz, {gen_value} in generiert</translation>
    </message>
    <message>
        <source>{op}: token join on one side only (checklist M6) - harmless, proven: it orders stores after the loads their values are computed from</source>
        <translation>{op}: Token-Join nur auf einer Seite (Checkliste M6) - harmlos, bewiesen: er ordnet Speicherungen nach den Ladevorgängen, aus deren Kacheln ihre Werte berechnet werden</translation>
    </message>
    <message>
        <source>{op}: token op on one side only (checklist M6) - harmless, proven: a fresh root token</source>
        <translation>{op}: Token-Op nur auf einer Seite (Checkliste M6) - harmlos, bewiesen: ein frisches Wurzel-Token</translation>
    </message>
    <message>
        <source>{op}: token op present on one side only (token-creating op counts must be equal)</source>
        <translation>{op}: Token-Op nur auf einer Seite vorhanden (die Zahl Token-erzeugender Ops muss gleich sein)</translation>
    </message>
    <message>
        <source>{op}: unused constant {value} on one side only (canonicalize removes it)</source>
        <translation>{op}: ungenutzte Konstante {value} nur auf einer Seite (canonicalize entfernt sie)</translation>
    </message>
    <message>
        <source>{op}: {attribute} {ref_value} in reference, {gen_value} in generated</source>
        <translation>{op}: {attribute} {ref_value} in Referenz, {gen_value} in generiert</translation>
    </message>
    <message>
        <source>{op}: {kind} {attribute} {ref_value} -&gt; {gen_value}</source>
        <translation>{op}: {kind} {attribute} {ref_value} -&gt; {gen_value}</translation>
    </message>
    <message>
        <source>{op}: {kind} {attribute} {ref_value} -&gt; {gen_value} - equal under a stated precondition (review it)</source>
        <translation>{op}: {kind} {attribute} {ref_value} -&gt; {gen_value} - gleich unter einer genannten Vorbedingung (prüfen)</translation>
    </message>
    <message>
        <source>{op}: {kind} {attribute} {ref_value} -&gt; {gen_value} - equivalent (proof attached)</source>
        <translation>{op}: {kind} {attribute} {ref_value} -&gt; {gen_value} - äquivalent (Beweis angehängt)</translation>
    </message>
    <message>
        <source>{op}: {ref_op} in reference, {gen_op} in generated</source>
        <translation>{op}: {ref_op} in Referenz, {gen_op} in generiert</translation>
    </message>
    <message>
        <source>{op}: mask bounds differ: {ref_value} in reference; {gen_value} in generated; the same lanes only when the launch makes the bounds agree (one block per bounded row, tensor extents equal to the generated bound): a grid with more blocks than rows, or extents other than the generated bound, changes which lanes are read and written (host evidence)</source>
        <translation>{op}: Maskengrenzen unterscheiden sich: {ref_value} in der Referenz; {gen_value} im generierten Code; dieselben Lanes nur, wenn der Start die Grenzen angleicht (ein Block je begrenzter Zeile, Tensorausdehnungen gleich der generierten Grenze): ein Grid mit mehr Blöcken als Zeilen oder andere Ausdehnungen als die generierte Grenze ändern, welche Lanes gelesen und geschrieben werden (Host-Nachweis)</translation>
    </message>
</context>
<context>
    <name>RunMessage</name>
    <message>
        <source>the runner is shutting down</source>
        <translation>der Runner wird beendet</translation>
    </message>
    <message>
        <source>%1 is not a directory</source>
        <translation>%1 ist kein Verzeichnis</translation>
    </message>
    <message>
        <source>unknown stage &apos;%1&apos; (known: %2)</source>
        <translation>unbekannte Stufe &apos;%1&apos; (bekannt: %2)</translation>
    </message>
    <message>
        <source>tilelens.json is invalid: %1</source>
        <translation>tilelens.json ist ungültig: %1</translation>
    </message>
    <message>
        <source>not runnable here: %1</source>
        <translation>hier nicht ausführbar: %1</translation>
    </message>
    <message>
        <source>not runnable here: the built-in &apos;%1&apos; is not available in this build</source>
        <translation>hier nicht ausführbar: das eingebaute &apos;%1&apos; ist in diesem Build nicht verfügbar</translation>
    </message>
    <message>
        <source>workspace not trusted (%1): nothing was run; review its commands and trust it first</source>
        <translation>Arbeitsbereich nicht vertrauenswürdig (%1): nichts wurde ausgeführt; erst seine Befehle prüfen und ihm vertrauen</translation>
    </message>
    <message>
        <source>replaced by a newer request (%1)</source>
        <translation>durch eine neuere Anforderung ersetzt (%1)</translation>
    </message>
    <message>
        <source>stage %1 already ran %2 time(s) in this pipeline run (cap %3); override the cap or start a new pipeline run</source>
        <translation>Stufe %1 lief in diesem Pipeline-Lauf schon %2-mal (Obergrenze %3); die Obergrenze übergehen oder einen neuen Pipeline-Lauf starten</translation>
    </message>
    <message>
        <source>cannot write the log %1</source>
        <translation>das Log %1 kann nicht geschrieben werden</translation>
    </message>
    <message>
        <source>cannot start %1: %2</source>
        <translation>%1 kann nicht gestartet werden: %2</translation>
    </message>
    <message>
        <source>nothing was run: the stage supervisor tilelens-stage-supervisor is missing (looked in %1)</source>
        <translation>nichts wurde ausgeführt: der Stufen-Supervisor tilelens-stage-supervisor fehlt (gesucht in %1)</translation>
    </message>
    <message>
        <source>timed out after %1 s</source>
        <translation>Zeitüberschreitung nach %1 s</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>cancelled before it started</source>
        <translation>vor dem Start abgebrochen</translation>
    </message>
    <message>
        <source>cancelled (the app quit)</source>
        <translation>abgebrochen (die App wurde beendet)</translation>
    </message>
    <message>
        <source>killed by signal %1 (%2)</source>
        <translation>durch Signal %1 beendet (%2)</translation>
    </message>
    <message>
        <source>refused to copy the log to %1: it now resolves to %2, outside the workspace</source>
        <translation>Kopieren des Logs nach %1 verweigert: es zeigt jetzt auf %2, außerhalb des Arbeitsbereichs</translation>
    </message>
    <message>
        <source>could not copy the log to %1</source>
        <translation>das Log konnte nicht nach %1 kopiert werden</translation>
    </message>
    <message>
        <source>needs an NVIDIA GPU; none is visible on this machine (or declare a slurm launcher for it)</source>
        <translation>braucht eine NVIDIA-GPU; auf diesem Rechner ist keine sichtbar (oder einen Slurm-Launcher dafür angeben)</translation>
    </message>
    <message>
        <source>needs %1 (not set in the environment or tilelens.json)</source>
        <translation>braucht %1 (weder in der Umgebung noch in tilelens.json gesetzt)</translation>
    </message>
    <message>
        <source>the stage has no command</source>
        <translation>die Stufe hat keinen Befehl</translation>
    </message>
    <message>
        <source>the slurm launcher needs &apos;%1&apos; on PATH</source>
        <translation>der Slurm-Launcher braucht &apos;%1&apos; im PATH</translation>
    </message>
    <message>
        <source>working directory %1 does not exist</source>
        <translation>Arbeitsverzeichnis %1 existiert nicht</translation>
    </message>
    <message>
        <source>program %1 is not an executable file</source>
        <translation>Programm %1 ist keine ausführbare Datei</translation>
    </message>
    <message>
        <source>program &apos;%1&apos; is not on PATH</source>
        <translation>Programm &apos;%1&apos; ist nicht im PATH</translation>
    </message>
    <message>
        <source>libtilelens_cupti.so was not found (it is built only with the CUDA Toolkit and CUPTI; set TILELENS_CUPTI_LIBRARY to its path)</source>
        <translation>libtilelens_cupti.so wurde nicht gefunden (sie wird nur mit CUDA Toolkit und CUPTI gebaut; TILELENS_CUPTI_LIBRARY auf ihren Pfad setzen)</translation>
    </message>
    <message>
        <source>no NVIDIA GPU is visible on this machine, so no kernel can be measured</source>
        <translation>auf diesem Rechner ist keine NVIDIA-GPU sichtbar, daher kann kein Kernel gemessen werden</translation>
    </message>
    <message>
        <source>the CUPTI library recorded nothing: %1</source>
        <translation>die CUPTI-Bibliothek hat nichts aufgezeichnet: %1</translation>
    </message>
    <message>
        <source>no record files: the command created no CUDA context, or the CUDA driver did not load the injection library</source>
        <translation>keine Aufzeichnungsdateien: der Befehl hat keinen CUDA-Kontext erzeugt, oder der CUDA-Treiber hat die Injektionsbibliothek nicht geladen</translation>
    </message>
    <message>
        <source>the command launched no kernel that CUPTI saw</source>
        <translation>der Befehl hat keinen Kernel gestartet, den CUPTI gesehen hat</translation>
    </message>
    <message>
        <source>nothing was run: %1</source>
        <translation>nichts wurde ausgeführt: %1</translation>
    </message>
</context>
<context>
    <name>Severity</name>
    <message>
        <source>critical</source>
        <translation>kritisch</translation>
    </message>
    <message>
        <source>warn</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>info</source>
        <translation>Info</translation>
    </message>
    <message>
        <source>equivalent</source>
        <translation>äquivalent</translation>
    </message>
    <message>
        <source>noise</source>
        <translation>Rauschen</translation>
    </message>
    <message>
        <source>known gap</source>
        <translation>bekannte Lücke</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>host</source>
        <translation>Host</translation>
    </message>
</context>
<context>
    <name>SourceLinkNote</name>
    <message>
        <source>This op has no source location in the reference IR; showing the kernel function.</source>
        <translation>Diese Operation hat in der Referenz-IR keine Quellposition; die Kernel-Funktion wird angezeigt.</translation>
    </message>
    <message>
        <source>The reference IR carries no source locations; showing the kernel function.</source>
        <translation>Die Referenz-IR enthält keine Quellpositionen; die Kernel-Funktion wird angezeigt.</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::AbiFindingsView</name>
    <message>
        <source>critical</source>
        <translation>kritisch</translation>
    </message>
    <message>
        <source>warn</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>note</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>Launch ABI findings</source>
        <translation>Befunde zur Start-ABI</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>Schweregrad</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>Regel</translation>
    </message>
    <message>
        <source>Place</source>
        <translation>Stelle</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
    <message>
        <source>No port selected</source>
        <translation>Kein Port ausgewählt</translation>
    </message>
    <message>
        <source>Reading the launch chain of %1…</source>
        <translation>Startkette von %1 wird gelesen…</translation>
    </message>
    <message>
        <source>%1: no launch chain to read</source>
        <translation>%1: keine Startkette zu lesen</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n ABI finding(s)</source>
        <translation>
            <numerusform>%1: %n ABI-Befund</numerusform>
            <numerusform>%1: %n ABI-Befunde</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tilelens::gui::AlignedIrView</name>
    <message>
        <source>Reference</source>
        <translation>Referenz</translation>
    </message>
    <message>
        <source>Generated</source>
        <translation>Generiert</translation>
    </message>
    <message>
        <source>(no matching op)</source>
        <translation>(keine passende Op)</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>Zeile %1</translation>
    </message>
    <message>
        <source>Matched, no divergence</source>
        <translation>Zugeordnet, keine Abweichung</translation>
    </message>
    <message>
        <source>generated</source>
        <translation>generiert</translation>
    </message>
    <message>
        <source>reference</source>
        <translation>Referenz</translation>
    </message>
    <message numerus="yes">
        <source>Reordered: the matched op is %1 line %2, %n row(s) above</source>
        <translation>
            <numerusform>Umgeordnet: die zugeordnete Op steht in %1 Zeile %2, %n Zeile weiter oben</numerusform>
            <numerusform>Umgeordnet: die zugeordnete Op steht in %1 Zeile %2, %n Zeilen weiter oben</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reordered: the matched op is %1 line %2, %n row(s) below</source>
        <translation>
            <numerusform>Umgeordnet: die zugeordnete Op steht in %1 Zeile %2, %n Zeile weiter unten</numerusform>
            <numerusform>Umgeordnet: die zugeordnete Op steht in %1 Zeile %2, %n Zeilen weiter unten</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tilelens::gui::Application</name>
    <message>
        <source>tilelens: loading %1 did not finish within %2 s</source>
        <translation>tilelens: Das Laden von %1 wurde nicht innerhalb von %2 s abgeschlossen</translation>
    </message>
    <message>
        <source>Screenshot written to %1</source>
        <translation>Bildschirmfoto nach %1 geschrieben</translation>
    </message>
    <message>
        <source>tilelens: the window could not be rendered</source>
        <translation>tilelens: Das Fenster konnte nicht gerendert werden</translation>
    </message>
    <message>
        <source>tilelens: cannot write %1</source>
        <translation>tilelens: %1 kann nicht geschrieben werden</translation>
    </message>
    <message>
        <source>Inspect GPU-kernel ports from cuTile Python to cuTile Rust.</source>
        <translation>Portierungen von GPU-Kerneln von cuTile Python nach cuTile Rust untersuchen.</translation>
    </message>
    <message>
        <source>Open PATH, print launch to first aligned diff painted (ms), peak RSS and the longest event-loop stall, and exit.</source>
        <translation>PFAD öffnen, die Zeit vom Start bis zum ersten gezeichneten ausgerichteten Diff (ms), den höchsten Speicherbedarf (RSS) und die längste Blockade der Ereignisschleife ausgeben und beenden.</translation>
    </message>
    <message>
        <source>tilelens: expected at most one PATH</source>
        <translation>tilelens: höchstens ein PFAD erwartet</translation>
    </message>
    <message>
        <source>tilelens: the bundled example workspace was not found; pass a PATH or set TILELENS_EXAMPLE_DIR</source>
        <translation>tilelens: Der mitgelieferte Beispiel-Arbeitsbereich wurde nicht gefunden; geben Sie einen PFAD an oder setzen Sie TILELENS_EXAMPLE_DIR</translation>
    </message>
    <message>
        <source>tilelens: no display found (DISPLAY and WAYLAND_DISPLAY are unset); writing a screenshot to %1 instead</source>
        <translation>tilelens: Keine Anzeige gefunden (DISPLAY und WAYLAND_DISPLAY sind nicht gesetzt); stattdessen wird ein Bildschirmfoto nach %1 geschrieben</translation>
    </message>
    <message>
        <source>Load PATH, render the window (%1x%2 unless --size) to the PNG FILE and exit.</source>
        <translation>PFAD laden, das Fenster (%1x%2, sofern nicht --size) in die PNG-DATEI rendern und beenden.</translation>
    </message>
    <message>
        <source>With --screenshot: the window size, e.g. 1024x700.</source>
        <translation>Mit --screenshot: die Fenstergröße, z. B. 1024x700.</translation>
    </message>
    <message>
        <source>Workspace to open: a TileGym checkout, a kernel output root or a kernel directory (default: the bundled example); or two IR files REF GEN (.mlir or .tileirbc) to compare.</source>
        <translation>Zu öffnender Arbeitsbereich: ein TileGym-Checkout, ein Kernel-Ausgabeverzeichnis oder ein Kernel-Verzeichnis (Standard: das mitgelieferte Beispiel); oder zwei zu vergleichende IR-Dateien REF GEN (.mlir oder .tileirbc).</translation>
    </message>
    <message>
        <source>tilelens: --size expects WIDTHxHEIGHT between 320 and 8192 pixels, got &quot;%1&quot;</source>
        <translation>tilelens: --size erwartet BREITExHÖHE zwischen 320 und 8192 Pixeln, erhalten: „%1“</translation>
    </message>
    <message>
        <source>tilelens: %1 is not an IR file (two paths compare two IR files)</source>
        <translation>tilelens: %1 ist keine IR-Datei (zwei Pfade vergleichen zwei IR-Dateien)</translation>
    </message>
    <message>
        <source>Build a workspace of a big and a small kernel from the kernels (*.mlir) in DIR, select the big one, then the small one, and print how long the superseded diff kept working.</source>
        <translation>Aus den Kerneln (*.mlir) in VERZEICHNIS einen Arbeitsbereich mit einem großen und einem kleinen Kernel bauen, den großen auswählen, dann den kleinen, und ausgeben, wie lange der abgelöste Diff weiterlief.</translation>
    </message>
    <message>
        <source>With --bench-open DIR: replicate the kernels (*.mlir) in DIR into a reference/generated pair of about N ops per side and open that. With --bench-supersede: the big kernel&apos;s size (default 100000).</source>
        <translation>Mit --bench-open VERZEICHNIS: die Kernel (*.mlir) in VERZEICHNIS zu einem Referenz-/Generiert-Paar mit etwa N Operationen je Seite vervielfältigen und dieses öffnen. Mit --bench-supersede: die Größe des großen Kernels (Vorgabe 100000).</translation>
    </message>
    <message>
        <source>Rule file (tilelens.rules/1) merged with the built-in rules for every IR verdict, as tilelens-cli diff --rules FILE; this session only (Diff &gt; Rules File saves one).</source>
        <translation>Regeldatei (tilelens.rules/1), die für jedes IR-Urteil mit den eingebauten Regeln zusammengeführt wird, wie bei tilelens-cli diff --rules FILE; nur für diese Sitzung (Diff &gt; Regeldatei speichert eine).</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::BindingDialog</name>
    <message>
        <source>&lt;b&gt;dims&lt;/b&gt;: the sizes to try, a list per name (one input case per value). &lt;b&gt;arrays&lt;/b&gt;: each logical tensor: &lt;i&gt;dtype&lt;/i&gt;, &lt;i&gt;shape&lt;/i&gt; (expressions over the dims), optional &lt;i&gt;strides&lt;/i&gt;, &lt;i&gt;init&lt;/i&gt; (normal, uniform with &lt;i&gt;range&lt;/i&gt;, iota) or integer &lt;i&gt;values&lt;/i&gt;. &lt;b&gt;scalars&lt;/b&gt;: &lt;i&gt;dtype&lt;/i&gt; and &lt;i&gt;value&lt;/i&gt; (random when absent). &lt;b&gt;ref&lt;/b&gt; / &lt;b&gt;gen&lt;/b&gt;: &lt;i&gt;params&lt;/i&gt;, one entry per kernel parameter: an array name (its pointer, shapes and strides), &lt;code&gt;a.ptr&lt;/code&gt;, &lt;code&gt;a.shape[i]&lt;/code&gt;, &lt;code&gt;a.stride[i]&lt;/code&gt;, a scalar name or an integer expression (&lt;code&gt;+ - * /&lt;/code&gt;, &lt;code&gt;cdiv&lt;/code&gt;, &lt;code&gt;min&lt;/code&gt;, &lt;code&gt;max&lt;/code&gt;); optional &lt;i&gt;grid&lt;/i&gt;, three expressions. Other fields are ignored.</source>
        <translation>&lt;b&gt;dims&lt;/b&gt;: die zu probierenden Größen, eine Liste je Name (ein Eingabefall je Wert). &lt;b&gt;arrays&lt;/b&gt;: jeder logische Tensor: &lt;i&gt;dtype&lt;/i&gt;, &lt;i&gt;shape&lt;/i&gt; (Ausdrücke über den dims), optional &lt;i&gt;strides&lt;/i&gt;, &lt;i&gt;init&lt;/i&gt; (normal, uniform mit &lt;i&gt;range&lt;/i&gt;, iota) oder ganzzahlige &lt;i&gt;values&lt;/i&gt;. &lt;b&gt;scalars&lt;/b&gt;: &lt;i&gt;dtype&lt;/i&gt; und &lt;i&gt;value&lt;/i&gt; (zufällig, wenn er fehlt). &lt;b&gt;ref&lt;/b&gt; / &lt;b&gt;gen&lt;/b&gt;: &lt;i&gt;params&lt;/i&gt;, ein Eintrag je Kernel-Parameter: ein Array-Name (sein Zeiger, seine Formen und Schrittweiten), &lt;code&gt;a.ptr&lt;/code&gt;, &lt;code&gt;a.shape[i]&lt;/code&gt;, &lt;code&gt;a.stride[i]&lt;/code&gt;, ein Skalarname oder ein ganzzahliger Ausdruck (&lt;code&gt;+ - * /&lt;/code&gt;, &lt;code&gt;cdiv&lt;/code&gt;, &lt;code&gt;min&lt;/code&gt;, &lt;code&gt;max&lt;/code&gt;); optional &lt;i&gt;grid&lt;/i&gt;, drei Ausdrücke. Andere Felder werden ignoriert.</translation>
    </message>
    <message>
        <source>Given: edited in this dialog.</source>
        <translation>Angegeben: in diesem Dialog bearbeitet.</translation>
    </message>
    <message>
        <source>Given: the file %1.</source>
        <translation>Angegeben: die Datei %1.</translation>
    </message>
    <message>
        <source>No entry pair to bind: the pair was not compared.</source>
        <translation>Kein Eintragspaar zu binden: das Paar wurde nicht verglichen.</translation>
    </message>
    <message>
        <source>Derived, since no binding is given for this pair: %1.</source>
        <translation>Abgeleitet, da für dieses Paar keine Bindung angegeben ist: %1.</translation>
    </message>
    <message>
        <source>Guessed: %1. Its sizes may lie outside what the reference was compiled for: edit them to sizes it takes. No launch chain to derive the binding from: %2.</source>
        <translation>Geraten: %1. Ihre Größen können außerhalb dessen liegen, wofür die Referenz kompiliert wurde: ändern Sie sie in Größen, die sie annimmt. Keine Startkette, aus der die Bindung abgeleitet werden kann: %2.</translation>
    </message>
    <message>
        <source>No binding: none can be guessed (%1), and there is no launch chain to derive one from (%2). Write one below.</source>
        <translation>Keine Bindung: keine lässt sich raten (%1), und es gibt keine Startkette, aus der sie abgeleitet werden kann (%2). Schreiben Sie unten eine.</translation>
    </message>
    <message>
        <source>CPU Run Binding</source>
        <translation>Bindung für CPU-Lauf</translation>
    </message>
    <message>
        <source>In use: %1</source>
        <translation>In Gebrauch: %1</translation>
    </message>
    <message>
        <source>Binding text</source>
        <translation>Bindungstext</translation>
    </message>
    <message>
        <source>&amp;Load File…</source>
        <translation>Datei &amp;laden…</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Ausführen</translation>
    </message>
    <message>
        <source>Run Both on CPU again with this binding</source>
        <translation>Beide mit dieser Bindung erneut auf der CPU ausführen</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Valid. Arrays: %1; scalars: %2; dims: %3.</source>
        <translation>Gültig. Arrays: %1; Skalare: %2; dims: %3.</translation>
    </message>
    <message>
        <source>Not valid: %1</source>
        <translation>Ungültig: %1</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Binding for the CPU Run</source>
        <translation>Bindung für den CPU-Lauf</translation>
    </message>
    <message>
        <source>Eval bindings (*.json);;All files (*)</source>
        <translation>Eval-Bindungen (*.json);;Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::DivergenceInsight</name>
    <message>
        <source>&amp;Fold Equivalent &amp;&amp; Noise</source>
        <translation>Äquivalente &amp;&amp; Rauschen &amp;falten</translation>
    </message>
    <message>
        <source>Hide the equivalent and noise divergences from the table and the IR margins: only what can change a result or needs a look stays</source>
        <translation>Äquivalente und Rausch-Abweichungen in Tabelle und IR-Rändern ausblenden: nur was ein Ergebnis ändern kann oder einen Blick braucht, bleibt</translation>
    </message>
    <message>
        <source>CPU Run &amp;Binding…</source>
        <translation>&amp;Bindung für CPU-Lauf…</translation>
    </message>
    <message>
        <source>Divergence details</source>
        <translation>Details der Abweichung</translation>
    </message>
    <message>
        <source>CPU run %v/%m</source>
        <translation>CPU-Lauf %v/%m</translation>
    </message>
    <message>
        <source>CPU run: running both sides…</source>
        <translation>CPU-Lauf: beide Seiten laufen…</translation>
    </message>
    <message>
        <source>CPU run: cancelled</source>
        <translation>CPU-Lauf: abgebrochen</translation>
    </message>
    <message>
        <source>Select a divergence to see its proof or counterexample and all its sites.</source>
        <translation>Wählen Sie eine Abweichung, um ihren Beweis oder ihr Gegenbeispiel und alle ihre Stellen zu sehen.</translation>
    </message>
    <message>
        <source>Counterexample: %1</source>
        <translation>Gegenbeispiel: %1</translation>
    </message>
    <message>
        <source>Select the first diverging stores (ref %1 ↔ gen %2)</source>
        <translation>Die ersten abweichenden Stores auswählen (Ref. %1 ↔ Gen. %2)</translation>
    </message>
    <message>
        <source>What the run saw: %1</source>
        <translation>Was der Lauf sah: %1</translation>
    </message>
    <message>
        <source>See and edit how both kernels&apos; parameters bind to the same arrays, sizes and grid (tilelens.eval-binding/1), and run both sides on the CPU with it; without one given, it is derived from the port&apos;s launch chain, else guessed by position from the reference&apos;s mangled entry name</source>
        <translation>Ansehen und bearbeiten, wie die Parameter beider Kernel an dieselben Arrays, Größen und dasselbe Grid gebunden werden (tilelens.eval-binding/1), und beide Seiten damit auf der CPU ausführen; ohne angegebene Bindung wird sie aus der Startkette des Ports abgeleitet, sonst nach Position aus dem kodierten Eintragsnamen der Referenz geraten</translation>
    </message>
    <message>
        <source>Inputs of that case (binding: %1):</source>
        <translation>Eingaben dieses Falls (Bindung: %1):</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::DivergenceNavigator</name>
    <message>
        <source>All severities</source>
        <translation>Alle Schweregrade</translation>
    </message>
    <message>
        <source>All owners</source>
        <translation>Alle Zuständigen</translation>
    </message>
    <message>
        <source>Search rule or message</source>
        <translation>Regel oder Meldung suchen</translation>
    </message>
    <message>
        <source>Comparing IR…</source>
        <translation>IR wird verglichen…</translation>
    </message>
    <message>
        <source>IR could not be compared</source>
        <translation>IR konnte nicht verglichen werden</translation>
    </message>
    <message>
        <source>no divergences</source>
        <translation>keine Abweichungen</translation>
    </message>
    <message>
        <source>Severity filter</source>
        <translation>Schweregradfilter</translation>
    </message>
    <message>
        <source>%1 and above</source>
        <translation>%1 und höher</translation>
    </message>
    <message>
        <source>Owner filter</source>
        <translation>Zuständigkeitsfilter</translation>
    </message>
    <message>
        <source>Search divergences</source>
        <translation>Abweichungen durchsuchen</translation>
    </message>
    <message>
        <source>Divergence order</source>
        <translation>Reihenfolge der Abweichungen</translation>
    </message>
    <message>
        <source>The order of the table and of F8 / Shift+F8</source>
        <translation>Die Reihenfolge der Tabelle und von F8 / Umschalt+F8</translation>
    </message>
    <message>
        <source>Critical first</source>
        <translation>Kritische zuerst</translation>
    </message>
    <message>
        <source>File order</source>
        <translation>Dateireihenfolge</translation>
    </message>
    <message>
        <source>Divergences</source>
        <translation>Abweichungen</translation>
    </message>
    <message>
        <source>%1 (%2 with counterexample, %3 unproven)</source>
        <translation>%1 (%2 mit Gegenbeispiel, %3 unbewiesen)</translation>
    </message>
    <message>
        <source>%1 of %2 shown</source>
        <translation>%1 von %2 angezeigt</translation>
    </message>
    <message>
        <source>No divergences: the two IRs match.</source>
        <translation>Keine Abweichungen: die beiden IRs stimmen überein.</translation>
    </message>
    <message>
        <source>No divergence matches these filters.</source>
        <translation>Keine Abweichung passt zu diesen Filtern.</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::DivergenceTableModel</name>
    <message>
        <source>Severity</source>
        <translation>Schweregrad</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>Regel</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>Zuständig</translation>
    </message>
    <message>
        <source>Ref line</source>
        <translation>Ref.-Zeile</translation>
    </message>
    <message>
        <source>Gen line</source>
        <translation>Gen.-Zeile</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::EvalAction</name>
    <message>
        <source>Run Both on &amp;CPU</source>
        <translation>Beide auf der &amp;CPU ausführen</translation>
    </message>
    <message>
        <source>Run the reference and generated kernels on the CPU interpreter with the same inputs: a counterexample for the critical divergences, a check of the equivalent ones</source>
        <translation>Referenz- und generierten Kernel mit denselben Eingaben im CPU-Interpreter ausführen: ein Gegenbeispiel für die kritischen Abweichungen, eine Prüfung der äquivalenten</translation>
    </message>
    <message>
        <source>Cancel CPU Run</source>
        <translation>CPU-Lauf abbrechen</translation>
    </message>
    <message>
        <source>CPU run: %1</source>
        <translation>CPU-Lauf: %1</translation>
    </message>
    <message>
        <source>with Diff &gt; CPU Run Binding…</source>
        <translation>mit Diff &gt; Bindung für CPU-Lauf…</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::FindBar</name>
    <message>
        <source>Find in the focused editor</source>
        <translation>Im aktiven Editor suchen</translation>
    </message>
    <message>
        <source>Previous match (Shift+F3)</source>
        <translation>Vorheriger Treffer (Umschalt+F3)</translation>
    </message>
    <message>
        <source>Next match (F3)</source>
        <translation>Nächster Treffer (F3)</translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation>Schließen (Esc)</translation>
    </message>
    <message>
        <source>Find:</source>
        <translation>Suchen:</translation>
    </message>
    <message>
        <source>Not found</source>
        <translation>Nicht gefunden</translation>
    </message>
    <message>
        <source>Find text</source>
        <translation>Suchtext</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::IrFileActions</name>
    <message>
        <source>Tile IR (*.mlir *.tileirbc);;All files (*)</source>
        <translation>Tile-IR (*.mlir *.tileirbc);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>&amp;Compare Two IR Files…</source>
        <translation>Zwei IR-Dateien &amp;vergleichen…</translation>
    </message>
    <message>
        <source>Compare a reference and a generated IR file, without a workspace</source>
        <translation>Eine Referenz- und eine generierte IR-Datei vergleichen, ohne Arbeitsbereich</translation>
    </message>
    <message>
        <source>&amp;Attach IR…</source>
        <translation>IR &amp;anhängen…</translation>
    </message>
    <message>
        <source>Compare existing reference and generated IR files for the selected port</source>
        <translation>Vorhandene Referenz- und generierte IR-Dateien für die ausgewählte Portierung vergleichen</translation>
    </message>
    <message>
        <source>Reference IR (cuTile Python)</source>
        <translation>Referenz-IR (cuTile Python)</translation>
    </message>
    <message>
        <source>Generated IR (cuTile Rust)</source>
        <translation>Generierte IR (cuTile Rust)</translation>
    </message>
    <message>
        <source>Select a port of a workspace first: the IR files are attached to it.</source>
        <translation>Zuerst eine Portierung eines Arbeitsbereichs auswählen: die IR-Dateien werden ihr angehängt.</translation>
    </message>
    <message>
        <source>Reference IR for %1</source>
        <translation>Referenz-IR für %1</translation>
    </message>
    <message>
        <source>Generated IR for %1</source>
        <translation>Generierte IR für %1</translation>
    </message>
    <message>
        <source>The IR files could not be attached: %1</source>
        <translation>Die IR-Dateien konnten nicht angehängt werden: %1</translation>
    </message>
    <message>
        <source>Attached %1 and %2 to %3.</source>
        <translation>%1 und %2 an %3 angehängt.</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::KernelListModel</name>
    <message>
        <source>variant %1</source>
        <translation>Variante %1</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>%1: no paired Python kernel</source>
        <translation>%1: kein zugeordneter Python-Kernel</translation>
    </message>
    <message>
        <source>paired by hand in .tilelens/pairings.json</source>
        <translation>von Hand zugeordnet in .tilelens/pairings.json</translation>
    </message>
    <message>
        <source>paired by what the Python wrapper launches</source>
        <translation>zugeordnet über den Kernel, den der Python-Wrapper startet</translation>
    </message>
    <message>
        <source>paired by name</source>
        <translation>über den Namen zugeordnet</translation>
    </message>
    <message>
        <source>%1 ↔ %2 (%3)</source>
        <translation>%1 ↔ %2 (%3)</translation>
    </message>
    <message>
        <source>Problems found: %1 (see View &gt; Diagnostics)</source>
        <translation>Probleme gefunden: %1 (siehe Ansicht &gt; Diagnose)</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::MainWindow</name>
    <message>
        <source>TileLens</source>
        <translation>TileLens</translation>
    </message>
    <message>
        <source>No source for a two-file comparison</source>
        <translation>Kein Quelltext bei einem Vergleich zweier Dateien</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open Workspace…</source>
        <translation>Arbeitsbereich ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>Re&amp;load</source>
        <translation>&amp;Neu laden</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Kernels</source>
        <translation>&amp;Kernel</translation>
    </message>
    <message>
        <source>&amp;Diagnostics</source>
        <translation>&amp;Diagnose</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About TileLens</source>
        <translation>&amp;Über TileLens</translation>
    </message>
    <message>
        <source>%1 – TileLens</source>
        <translation>%1 – TileLens</translation>
    </message>
    <message>
        <source>About TileLens</source>
        <translation>Über TileLens</translation>
    </message>
    <message>
        <source>&lt;h3&gt;TileLens %1&lt;/h3&gt;&lt;p&gt;An inspector for GPU-kernel ports from cuTile Python to cuTile Rust: sources, Tile IR and verdicts side by side.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;TileLens %1&lt;/h3&gt;&lt;p&gt;Ein Inspektor für Portierungen von GPU-Kerneln von cuTile Python nach cuTile Rust: Quelltexte, Tile IR und Urteile nebeneinander.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Go to Line</source>
        <translation>Gehe zu Zeile</translation>
    </message>
    <message>
        <source>Line (1–%1):</source>
        <translation>Zeile (1–%1):</translation>
    </message>
    <message>
        <source>Divergences</source>
        <translation>Abweichungen</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>&amp;Suchen…</translation>
    </message>
    <message>
        <source>Find &amp;Next</source>
        <translation>&amp;Weitersuchen</translation>
    </message>
    <message>
        <source>Find &amp;Previous</source>
        <translation>&amp;Rückwärts suchen</translation>
    </message>
    <message>
        <source>&amp;Go to Line…</source>
        <translation>&amp;Gehe zu Zeile…</translation>
    </message>
    <message>
        <source>&amp;Diff</source>
        <translation>&amp;Diff</translation>
    </message>
    <message>
        <source>&amp;Next Divergence</source>
        <translation>&amp;Nächste Abweichung</translation>
    </message>
    <message>
        <source>&amp;Previous Divergence</source>
        <translation>&amp;Vorherige Abweichung</translation>
    </message>
    <message>
        <source>Hide &amp;Noise</source>
        <translation>&amp;Rauschen ausblenden</translation>
    </message>
    <message>
        <source>Hide &amp;Equivalent</source>
        <translation>&amp;Äquivalente ausblenden</translation>
    </message>
    <message>
        <source>&amp;Divergences</source>
        <translation>&amp;Abweichungen</translation>
    </message>
    <message>
        <source>&amp;Stages</source>
        <translation>S&amp;tufen</translation>
    </message>
    <message>
        <source>&amp;Performance</source>
        <translation>&amp;Leistung</translation>
    </message>
    <message>
        <source>Das&amp;hboard</source>
        <translation>Übersic&amp;ht</translation>
    </message>
    <message>
        <source>&amp;Inspector</source>
        <translation>&amp;Inspektor</translation>
    </message>
    <message>
        <source>Diff</source>
        <translation>Diff</translation>
    </message>
    <message>
        <source>IR verdict of the selected variant and its divergences</source>
        <translation>IR-Urteil der gewählten Variante und ihre Abweichungen</translation>
    </message>
    <message>
        <source>Divergence overview</source>
        <translation>Abweichungsübersicht</translation>
    </message>
    <message>
        <source>&amp;Export Diff as HTML…</source>
        <translation>Diff als HTML &amp;exportieren…</translation>
    </message>
    <message>
        <source>Export Diff as HTML</source>
        <translation>Diff als HTML exportieren</translation>
    </message>
    <message>
        <source>There is no IR diff to export yet.</source>
        <translation>Es gibt noch keinen IR-Diff zum Exportieren.</translation>
    </message>
    <message>
        <source>HTML page (*.html)</source>
        <translation>HTML-Seite (*.html)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>Next &amp;Pane</source>
        <translation>Nächster &amp;Bereich</translation>
    </message>
    <message>
        <source>Pre&amp;vious Pane</source>
        <translation>&amp;Vorheriger Bereich</translation>
    </message>
    <message>
        <source>IR verdict of the selected variant, computed by TileLens when it was opened from
%1
%2</source>
        <translation>IR-Urteil der gewählten Variante, von TileLens berechnet beim Öffnen aus
%1
%2</translation>
    </message>
    <message>
        <source>No reference IR: %1 has no paired Python kernel. Pair it with tilelens-cli kernels --pair %2/%1=FUNCTION.</source>
        <translation>Keine Referenz-IR: %1 hat keinen zugeordneten Python-Kernel. Ordnen Sie ihn mit tilelens-cli kernels --pair %2/%1=FUNKTION zu.</translation>
    </message>
    <message>
        <source>No reference IR yet. The stage %1 (Stages dock, Rerun) runs the op&apos;s test with cuTile Python and CUDA_TILE_DUMP_BYTECODE and keeps the bytecode of %2 in %3.</source>
        <translation>Noch keine Referenz-IR. Die Stufe %1 (Stufen-Dock, Erneut ausführen) führt den Test der Op mit cuTile Python und CUDA_TILE_DUMP_BYTECODE aus und legt den Bytecode von %2 in %3 ab.</translation>
    </message>
    <message>
        <source>No generated IR yet. The stage %1 (Stages dock, Rerun) compiles %2 with the cuTile Rust compiler into %3.</source>
        <translation>Noch keine generierte IR. Die Stufe %1 (Stufen-Dock, Erneut ausführen) kompiliert %2 mit dem cuTile-Rust-Compiler nach %3.</translation>
    </message>
    <message>
        <source>Inferred link (line %1): cuTile Rust records no source locations; this op was placed on the statement around the ops TileLens could match.</source>
        <translation>Abgeleitete Verknüpfung (Zeile %1): cuTile Rust zeichnet keine Quellpositionen auf; diese Op wurde der Anweisung um die Ops zugeordnet, die TileLens zuordnen konnte.</translation>
    </message>
    <message>
        <source>Inferred link (line %1): cuTile Rust records no source locations; TileLens matched the op to %2 on this line.</source>
        <translation>Abgeleitete Verknüpfung (Zeile %1): cuTile Rust zeichnet keine Quellpositionen auf; TileLens hat die Op %2 in dieser Zeile zugeordnet.</translation>
    </message>
    <message>
        <source>Launch ABI</source>
        <translation>Start-ABI</translation>
    </message>
    <message>
        <source>&amp;Rules File…</source>
        <translation>&amp;Regeldatei…</translation>
    </message>
    <message>
        <source>Classify the IR findings with a rules file (tilelens.rules/1), as tilelens-cli diff --rules does</source>
        <translation>Die IR-Befunde mit einer Regeldatei (tilelens.rules/1) einstufen, wie tilelens-cli diff --rules</translation>
    </message>
    <message>
        <source>Use &amp;Default Rules</source>
        <translation>&amp;Standardregeln verwenden</translation>
    </message>
    <message>
        <source>Rules File</source>
        <translation>Regeldatei</translation>
    </message>
    <message>
        <source>TileLens rules (*.json);;All files (*)</source>
        <translation>TileLens-Regeln (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Rules: built-in</source>
        <translation>Regeln: eingebaut</translation>
    </message>
    <message>
        <source>The IR verdicts use the built-in rules (Diff &gt; Rules File… adds a file).</source>
        <translation>Die IR-Urteile verwenden die eingebauten Regeln (Diff &gt; Regeldatei… fügt eine Datei hinzu).</translation>
    </message>
    <message>
        <source>Rules: %1</source>
        <translation>Regeln: %1</translation>
    </message>
    <message>
        <source>The IR verdicts use the built-in rules merged with %1, as tilelens-cli diff --rules does.</source>
        <translation>Die IR-Urteile verwenden die eingebauten Regeln, zusammengeführt mit %1, wie tilelens-cli diff --rules.</translation>
    </message>
    <message>
        <source>Rules file not loaded</source>
        <translation>Regeldatei nicht geladen</translation>
    </message>
    <message>
        <source>The rules file %1 could not be loaded; the built-in rules are used.</source>
        <translation>Die Regeldatei %1 konnte nicht geladen werden; die eingebauten Regeln werden verwendet.</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>Layout &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>Diff exported as HTML to %1</source>
        <translation>Diff als HTML nach %1 exportiert</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::OverviewRuler</name>
    <message>
        <source>Every divergence of the IR pair; click to jump</source>
        <translation>Jede Abweichung des IR-Paars; Klick springt hin</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::PerformanceController</name>
    <message>
        <source>Performance</source>
        <translation>Leistung</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::RustLexer</name>
    <message>
        <source>Default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>Comment</source>
        <translation>Kommentar</translation>
    </message>
    <message>
        <source>Documentation comment</source>
        <translation>Dokumentationskommentar</translation>
    </message>
    <message>
        <source>Keyword</source>
        <translation>Schlüsselwort</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Number</source>
        <translation>Zahl</translation>
    </message>
    <message>
        <source>String</source>
        <translation>Zeichenkette</translation>
    </message>
    <message>
        <source>Character</source>
        <translation>Zeichen</translation>
    </message>
    <message>
        <source>Lifetime</source>
        <translation>Lebensdauer</translation>
    </message>
    <message>
        <source>Attribute</source>
        <translation>Attribut</translation>
    </message>
    <message>
        <source>Macro</source>
        <translation>Makro</translation>
    </message>
    <message>
        <source>Function name</source>
        <translation>Funktionsname</translation>
    </message>
    <message>
        <source>Punctuation</source>
        <translation>Satzzeichen</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>System default (%1)</source>
        <translation>Systemstandard (%1)</translation>
    </message>
    <message>
        <source>The language changes when TileLens is started again.</source>
        <translation>Die Sprache wechselt beim nächsten Start von TileLens.</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Sprache:</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Systemstandard</translation>
    </message>
    <message>
        <source>Follow desktop</source>
        <translation>Wie der Desktop</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>&amp;Design:</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::SourceFileLoader</name>
    <message>
        <source>No reference Python file was found for this kernel (analysis.json names it in &quot;source&quot;).</source>
        <translation>Für diesen Kernel wurde keine Python-Referenzdatei gefunden (analysis.json nennt sie unter „source“).</translation>
    </message>
    <message>
        <source>This kernel directory has no kernel.rs.</source>
        <translation>Dieses Kernel-Verzeichnis enthält keine kernel.rs.</translation>
    </message>
    <message>
        <source>No reference IR was found (reference/reference.mlir).</source>
        <translation>Es wurde keine Referenz-IR gefunden (reference/reference.mlir).</translation>
    </message>
    <message>
        <source>No generated IR was found (generated/generated.mlir); stage B has not produced it yet.</source>
        <translation>Es wurde keine generierte IR gefunden (generated/generated.mlir); Stufe B hat sie noch nicht erzeugt.</translation>
    </message>
    <message>
        <source>The file %1 does not exist.</source>
        <translation>Die Datei %1 existiert nicht.</translation>
    </message>
    <message>
        <source>%1 is not a regular file.</source>
        <translation>%1 ist keine reguläre Datei.</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>unbekannter Fehler</translation>
    </message>
    <message>
        <source>The file %1 could not be read: %2</source>
        <translation>Die Datei %1 konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>The Tile IR bytecode file %1 could not be decoded: %2</source>
        <translation>Die Tile-IR-Bytecode-Datei %1 konnte nicht dekodiert werden: %2</translation>
    </message>
    <message>
        <source>// Decoded from Tile IR bytecode by TileLens; line numbers are those of this text, not of the file.</source>
        <translation>// Von TileLens aus Tile-IR-Bytecode dekodiert; die Zeilennummern gehören zu diesem Text, nicht zur Datei.</translation>
    </message>
    <message>
        <source>%1 is a binary file (for example Tile IR bytecode) and cannot be shown as text.</source>
        <translation>%1 ist eine Binärdatei (zum Beispiel Tile-IR-Bytecode) und kann nicht als Text angezeigt werden.</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::SourcePane</name>
    <message>
        <source>Reference Python</source>
        <translation>Python-Referenz</translation>
    </message>
    <message>
        <source>Generated Rust</source>
        <translation>Generiertes Rust</translation>
    </message>
    <message>
        <source>Reference IR</source>
        <translation>Referenz-IR</translation>
    </message>
    <message>
        <source>Generated IR</source>
        <translation>Generierte IR</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>%1 wird geladen…</translation>
    </message>
    <message>
        <source> (decoded bytecode)</source>
        <translation> (dekodierter Bytecode)</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::StagesController</name>
    <message>
        <source>Stages</source>
        <translation>Stufen</translation>
    </message>
    <message>
        <source>Quit TileLens</source>
        <translation>TileLens beenden</translation>
    </message>
    <message>
        <source>Stages are still running. Cancel them and quit?</source>
        <translation>Es laufen noch Stufen. Abbrechen und beenden?</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::TileIrLexer</name>
    <message>
        <source>Default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>Comment</source>
        <translation>Kommentar</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>SSA value</source>
        <translation>SSA-Wert</translation>
    </message>
    <message>
        <source>Symbol</source>
        <translation>Symbol</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Attribute</source>
        <translation>Attribut</translation>
    </message>
    <message>
        <source>Number</source>
        <translation>Zahl</translation>
    </message>
    <message>
        <source>String</source>
        <translation>Zeichenkette</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>Quellort</translation>
    </message>
    <message>
        <source>Keyword</source>
        <translation>Schlüsselwort</translation>
    </message>
    <message>
        <source>Punctuation</source>
        <translation>Satzzeichen</translation>
    </message>
    <message>
        <source>Block label</source>
        <translation>Blockmarke</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::WorkspaceController</name>
    <message>
        <source>Kernels</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Workspace diagnostics</source>
        <translation>Diagnose des Arbeitsbereichs</translation>
    </message>
    <message>
        <source>Diagnostics</source>
        <translation>Diagnose</translation>
    </message>
    <message>
        <source>No workspace open</source>
        <translation>Kein Arbeitsbereich geöffnet</translation>
    </message>
    <message>
        <source>Open Workspace</source>
        <translation>Arbeitsbereich öffnen</translation>
    </message>
    <message>
        <source>No recent workspaces</source>
        <translation>Keine zuletzt geöffneten Arbeitsbereiche</translation>
    </message>
    <message>
        <source>&amp;Clear List</source>
        <translation>Liste &amp;leeren</translation>
    </message>
    <message>
        <source>%1 vs %2</source>
        <translation>%1 gegen %2</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>%1 wird geöffnet…</translation>
    </message>
    <message>
        <source>1 kernel</source>
        <translation>1 Kernel</translation>
    </message>
    <message>
        <source>%1 kernels</source>
        <translation>%1 Kernel</translation>
    </message>
    <message>
        <source>No kernels were found in %1. Open a TileGym checkout, a kernel output root or one kernel working directory.</source>
        <translation>In %1 wurden keine Kernel gefunden. Öffnen Sie einen TileGym-Checkout, ein Kernel-Ausgabeverzeichnis oder ein einzelnes Kernel-Arbeitsverzeichnis.</translation>
    </message>
    <message>
        <source>%1 does not exist.</source>
        <translation>%1 existiert nicht.</translation>
    </message>
    <message>
        <source>Pick a kernel in the Kernels list or on the dashboard.</source>
        <translation>Wählen Sie einen Kernel in der Kernel-Liste oder in der Übersicht.</translation>
    </message>
    <message>
        <source>Diagnostics: %1</source>
        <translation>Diagnose: %1</translation>
    </message>
    <message>
        <source>Show or hide the Diagnostics panel</source>
        <translation>Diagnosebereich ein- oder ausblenden</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::panels::DashboardModel</name>
    <message>
        <source>%1
next step: %2
Double-click to open</source>
        <translation>%1
nächster Schritt: %2
Doppelklick zum Öffnen</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>From %1</source>
        <translation>Aus %1</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>IR verdict</source>
        <translation>IR-Urteil</translation>
    </message>
    <message>
        <source>Geomean</source>
        <translation>Geom. Mittel</translation>
    </message>
    <message>
        <source>%1 critical</source>
        <translation>%1 kritisch</translation>
    </message>
    <message>
        <source>stale</source>
        <translation>veraltet</translation>
    </message>
    <message>
        <source>now %1</source>
        <translation>jetzt %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>From %1, written %2, before the IR it compares changed: stale. Rerun stage C.</source>
        <translation>Aus %1, geschrieben %2, bevor sich die verglichene IR geändert hat: veraltet. Stufe C erneut ausführen.</translation>
    </message>
    <message>
        <source>From %1, written %2 by stage C.</source>
        <translation>Aus %1, geschrieben %2 von Stufe C.</translation>
    </message>
    <message>
        <source>Comparing the IR files now gives %1 (%2 critical), as the Inspector shows.</source>
        <translation>Ein Vergleich der IR-Dateien ergibt jetzt %1 (%2 kritisch), wie der Inspektor zeigt.</translation>
    </message>
    <message>
        <source>The Inspector compares the IR files again when the kernel is opened; its count is the current one.</source>
        <translation>Der Inspektor vergleicht die IR-Dateien beim Öffnen des Kernels erneut; seine Zahl ist die aktuelle.</translation>
    </message>
    <message>
        <source>Compared now from the reference and generated IR files (no diff_report.md; all variants: the worst verdict, the critical divergences summed).</source>
        <translation>Jetzt aus der Referenz- und der generierten IR-Datei verglichen (kein diff_report.md; alle Varianten: das schlechteste Urteil, die kritischen Abweichungen summiert).</translation>
    </message>
    <message>
        <source>No diff_report.md yet: open the kernel to compare its IR.</source>
        <translation>Noch kein diff_report.md: Öffnen Sie den Kernel, um seine IR zu vergleichen.</translation>
    </message>
    <message>
        <source>%1. The verdict of the kernel working directory&apos;s report or agent log for this stage; a TileGym checkout&apos;s landed ports have no pipeline reports, so it stays empty there.</source>
        <translation>%1. Das Urteil aus dem Bericht oder Agent-Log des Kernel-Arbeitsverzeichnisses für diese Stufe; die portierten Kernel eines TileGym-Checkouts haben keine Pipeline-Berichte, dort bleibt es leer.</translation>
    </message>
    <message>
        <source>TileLens&apos;s own IR diff of the kernel&apos;s variants: the worst verdict and its critical divergences</source>
        <translation>TileLens&apos; eigener IR-Vergleich der Varianten des Kernels: das schlechteste Urteil und seine kritischen Abweichungen</translation>
    </message>
    <message>
        <source>Geometric mean of the generated / reference time ratios of the kernel&apos;s performance report (below 1: the port is faster)</source>
        <translation>Geometrisches Mittel der Zeitverhältnisse generiert / Referenz aus dem Leistungsbericht des Kernels (unter 1: die Portierung ist schneller)</translation>
    </message>
    <message>
        <source>Performance severity: how far the geomean is from the reference, not the IR verdict</source>
        <translation>Leistungs-Schweregrad: wie weit das geometrische Mittel von der Referenz abweicht, nicht das IR-Urteil</translation>
    </message>
    <message>
        <source>Perf severity</source>
        <translation>Leistungs-Schweregrad</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::panels::DashboardView</name>
    <message>
        <source>Reading the kernels…</source>
        <translation>Kernel werden gelesen…</translation>
    </message>
    <message>
        <source>No kernels in this workspace.</source>
        <translation>Dieser Arbeitsbereich enthält keine Kernel.</translation>
    </message>
    <message>
        <source>Kernels: %1; no perf comparison yet.</source>
        <translation>Kernel: %1; noch kein Leistungsvergleich.</translation>
    </message>
    <message>
        <source>Kernels: %1 — overall geomean %2 (over %3 with perf data) — perf severity %4</source>
        <translation>Kernel: %1 — gesamtes geometrisches Mittel %2 (über %3 mit Leistungsdaten) — Leistungs-Schweregrad %4</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::panels::PerfChart</name>
    <message>
        <source>ratio</source>
        <translation>Verhältnis</translation>
    </message>
    <message>
        <source>Ratio per configuration</source>
        <translation>Verhältnis je Konfiguration</translation>
    </message>
    <message>
        <source> — no matched configuration</source>
        <translation> — keine zugeordnete Konfiguration</translation>
    </message>
    <message>
        <source>mild ≤%1</source>
        <translation>leicht ≤%1</translation>
    </message>
    <message>
        <source>moderate ≤%1</source>
        <translation>mäßig ≤%1</translation>
    </message>
    <message>
        <source>large &gt;%1</source>
        <translation>groß &gt;%1</translation>
    </message>
    <message>
        <source>%1% CI %2–%3</source>
        <translation>%1%-KI %2–%3</translation>
    </message>
    <message>
        <source>geomean %1</source>
        <translation>geom. Mittel %1</translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>Der Ordner %1 kann nicht angelegt werden.</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>%1 kann nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>TileLens perf comparison</source>
        <translation>TileLens-Leistungsvergleich</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::panels::PerfPanel</name>
    <message>
        <source>Kernel perf logs</source>
        <translation>Leistungsprotokolle des Kernels</translation>
    </message>
    <message>
        <source>CUPTI profiles</source>
        <translation>CUPTI-Profile</translation>
    </message>
    <message>
        <source>Compare the kernel&apos;s tilegym logs or two profile JSON files</source>
        <translation>Die tilegym-Protokolle des Kernels oder zwei Profil-JSON-Dateien vergleichen</translation>
    </message>
    <message>
        <source>Open profiles…</source>
        <translation>Profile öffnen…</translation>
    </message>
    <message>
        <source>Profile command…</source>
        <translation>Befehl profilieren…</translation>
    </message>
    <message>
        <source>Measure a baseline and a candidate command with CUPTI device time</source>
        <translation>Einen Referenz- und einen Kandidatenbefehl mit CUPTI-Gerätezeit messen</translation>
    </message>
    <message>
        <source>Export PNG…</source>
        <translation>PNG exportieren…</translation>
    </message>
    <message>
        <source>Export SVG…</source>
        <translation>SVG exportieren…</translation>
    </message>
    <message>
        <source>No kernel selected</source>
        <translation>Kein Kernel ausgewählt</translation>
    </message>
    <message>
        <source>No kernel selected.</source>
        <translation>Kein Kernel ausgewählt.</translation>
    </message>
    <message>
        <source>%1: candidate / baseline per configuration</source>
        <translation>%1: Kandidat / Referenz je Konfiguration</translation>
    </message>
    <message>
        <source>%1: no baseline or no candidate perf log.</source>
        <translation>%1: kein Referenz- oder kein Kandidaten-Leistungsprotokoll.</translation>
    </message>
    <message>
        <source>No profile could be read.</source>
        <translation>Es konnte kein Profil gelesen werden.</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>Referenz</translation>
    </message>
    <message>
        <source>(not measured yet)</source>
        <translation>(noch nicht gemessen)</translation>
    </message>
    <message>
        <source>candidate</source>
        <translation>Kandidat</translation>
    </message>
    <message>
        <source>%1 / %2 per configuration (CUPTI device time)</source>
        <translation>%1 / %2 je Konfiguration (CUPTI-Gerätezeit)</translation>
    </message>
    <message>
        <source>%1 vs %2</source>
        <translation>%1 gegen %2</translation>
    </message>
    <message>
        <source>%1 — geomean %2</source>
        <translation>%1 — geom. Mittel %2</translation>
    </message>
    <message>
        <source> [%1, %2] (%3% bootstrap interval)</source>
        <translation> [%1, %2] (%3%-Bootstrap-Intervall)</translation>
    </message>
    <message>
        <source>, %1 without a candidate median</source>
        <translation>, %1 ohne Kandidaten-Median</translation>
    </message>
    <message>
        <source>, %1 without a baseline (NA)</source>
        <translation>, %1 ohne Referenz (NA)</translation>
    </message>
    <message>
        <source>Baseline profile</source>
        <translation>Referenzprofil</translation>
    </message>
    <message>
        <source>Profile JSON (*.json);;All files (*)</source>
        <translation>Profil-JSON (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Candidate profile</source>
        <translation>Kandidatenprofil</translation>
    </message>
    <message>
        <source>SVG image (*.svg)</source>
        <translation>SVG-Bild (*.svg)</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG-Bild (*.png)</translation>
    </message>
    <message>
        <source>Export chart as SVG</source>
        <translation>Diagramm als SVG exportieren</translation>
    </message>
    <message>
        <source>Export chart as PNG</source>
        <translation>Diagramm als PNG exportieren</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>(no baseline)</source>
        <translation>(keine Basislinie)</translation>
    </message>
    <message>
        <source>baseline logs</source>
        <translation>Basislinien-Logs</translation>
    </message>
    <message>
        <source>No device times from run %1: %2</source>
        <translation>Keine Gerätezeiten aus Lauf %1: %2</translation>
    </message>
    <message>
        <source>Stage %1, run %2 of %3%4: %5 vs %6</source>
        <translation>Stufe %1, Lauf %2 von %3%4: %5 gegen %6</translation>
    </message>
    <message>
        <source> (final)</source>
        <translation> (endgültig)</translation>
    </message>
    <message>
        <source>%1 (%2 vs %3)</source>
        <translation>%1 (%2 gegen %3)</translation>
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
        <translation>; %1 von %2 Konfigurationen zugeordnet</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::panels::PerfTreeModel</name>
    <message>
        <source>baseline: %1</source>
        <translation>Referenz: %1</translation>
    </message>
    <message>
        <source>candidate: %1</source>
        <translation>Kandidat: %1</translation>
    </message>
    <message>
        <source>%1 launch(es)/iter, grid %2×%3×%4, block %5×%6×%7</source>
        <translation>%1 Start(s)/Iteration, Grid %2×%3×%4, Block %5×%6×%7</translation>
    </message>
    <message>
        <source>Baseline (%1): %2</source>
        <translation>Referenz (%1): %2</translation>
    </message>
    <message>
        <source>Candidate: %1</source>
        <translation>Kandidat: %1</translation>
    </message>
    <message>
        <source>Not in the baseline: listed, not averaged.</source>
        <translation>Nicht in der Referenz: aufgeführt, nicht gemittelt.</translation>
    </message>
    <message>
        <source>No candidate median: the severity is MISSING_DATA.</source>
        <translation>Kein Kandidaten-Median: der Schweregrad ist MISSING_DATA.</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>Baseline (ms)</source>
        <translation>Referenz (ms)</translation>
    </message>
    <message>
        <source>Candidate (ms)</source>
        <translation>Kandidat (ms)</translation>
    </message>
    <message>
        <source>Ratio</source>
        <translation>Verhältnis</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Urteil</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::panels::ProfileCommandDialog</name>
    <message>
        <source>Profile command</source>
        <translation>Befehl profilieren</translation>
    </message>
    <message>
        <source>e.g. python3 bench.py --backend torch</source>
        <translation>z. B. python3 bench.py --backend torch</translation>
    </message>
    <message>
        <source>e.g. python3 bench.py --backend triton</source>
        <translation>z. B. python3 bench.py --backend triton</translation>
    </message>
    <message>
        <source>Runs per command; the best run&apos;s median counts (best of N).</source>
        <translation>Läufe je Befehl; es zählt der Median des besten Laufs (Bester von N).</translation>
    </message>
    <message>
        <source>Baseline command:</source>
        <translation>Referenzbefehl:</translation>
    </message>
    <message>
        <source>Baseline label:</source>
        <translation>Referenzname:</translation>
    </message>
    <message>
        <source>Candidate command:</source>
        <translation>Kandidatenbefehl:</translation>
    </message>
    <message>
        <source>Candidate label:</source>
        <translation>Kandidatenname:</translation>
    </message>
    <message>
        <source>Runs:</source>
        <translation>Läufe:</translation>
    </message>
    <message>
        <source>Output folder:</source>
        <translation>Ausgabeordner:</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Ausführen</translation>
    </message>
    <message>
        <source>&amp;Cancel run</source>
        <translation>Lauf a&amp;bbrechen</translation>
    </message>
    <message>
        <source>Injection library: %1</source>
        <translation>Injektionsbibliothek: %1</translation>
    </message>
    <message>
        <source>Profiling is not possible here: %1</source>
        <translation>Profilieren ist hier nicht möglich: %1</translation>
    </message>
    <message>
        <source>Not started: %1</source>
        <translation>Nicht gestartet: %1</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::panels::ProfileJob</name>
    <message>
        <source>libtilelens_cupti.so was not found (it is built only with the CUDA Toolkit and CUPTI; set TILELENS_CUPTI_LIBRARY to its path).</source>
        <translation>libtilelens_cupti.so wurde nicht gefunden (sie wird nur mit dem CUDA Toolkit und CUPTI gebaut; TILELENS_CUPTI_LIBRARY auf ihren Pfad setzen).</translation>
    </message>
    <message>
        <source>No NVIDIA GPU is visible on this machine, so no kernel can be measured.</source>
        <translation>Auf diesem Rechner ist keine NVIDIA-GPU sichtbar, daher kann kein Kernel gemessen werden.</translation>
    </message>
    <message>
        <source>A profile is already running.</source>
        <translation>Es läuft bereits eine Profilierung.</translation>
    </message>
    <message>
        <source>Give both a baseline and a candidate command.</source>
        <translation>Bitte einen Referenz- und einen Kandidatenbefehl angeben.</translation>
    </message>
    <message>
        <source>Runs must be between 1 and 100.</source>
        <translation>Die Zahl der Läufe muss zwischen 1 und 100 liegen.</translation>
    </message>
    <message>
        <source>Cannot create the output folder %1.</source>
        <translation>Der Ausgabeordner %1 kann nicht angelegt werden.</translation>
    </message>
    <message>
        <source>%1 run %2/%3: %4</source>
        <translation>%1 Lauf %2/%3: %4</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>Referenz</translation>
    </message>
    <message>
        <source>candidate</source>
        <translation>Kandidat</translation>
    </message>
    <message>
        <source>Profiling cancelled.</source>
        <translation>Profilierung abgebrochen.</translation>
    </message>
    <message>
        <source>run finished with exit code %1; %2 configuration(s) measured so far</source>
        <translation>Lauf mit Exit-Code %1 beendet; bisher %2 Konfiguration(en) gemessen</translation>
    </message>
    <message>
        <source>Done; some runs exited with an error.</source>
        <translation>Fertig; einige Läufe endeten mit einem Fehler.</translation>
    </message>
    <message>
        <source>Done: both sides measured.</source>
        <translation>Fertig: beide Seiten gemessen.</translation>
    </message>
    <message>
        <source>No device times from this run: %1</source>
        <translation>Keine Gerätezeiten aus diesem Lauf: %1</translation>
    </message>
    <message>
        <source>Stopped: %1</source>
        <translation>Angehalten: %1</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::panels::StagePanel</name>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>[… %1 earlier bytes not shown; the full log is %2]
</source>
        <translation>[… %1 frühere Bytes nicht angezeigt; das vollständige Protokoll ist %2]
</translation>
    </message>
    <message>
        <source>exit %1</source>
        <translation>Exit %1</translation>
    </message>
    <message>
        <source>signal %1</source>
        <translation>Signal %1</translation>
    </message>
    <message>
        <source>Run %1 — %2%3</source>
        <translation>Lauf %1 — %2%3</translation>
    </message>
    <message>
        <source>&amp;Rerun</source>
        <translation>&amp;Erneut ausführen</translation>
    </message>
    <message>
        <source>Run the selected stage again (trusted workspaces only for external commands)</source>
        <translation>Die gewählte Stufe erneut ausführen (externe Befehle nur in vertrauenswürdigen Arbeitsbereichen)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>Ab&amp;brechen</translation>
    </message>
    <message>
        <source>Stop the selected stage&apos;s run (its whole process group)</source>
        <translation>Den Lauf der gewählten Stufe beenden (seine ganze Prozessgruppe)</translation>
    </message>
    <message>
        <source>Reports, agent logs and earlier runs of the selected stage</source>
        <translation>Berichte, Agentenprotokolle und frühere Läufe der gewählten Stufe</translation>
    </message>
    <message>
        <source>Log:</source>
        <translation>Protokoll:</translation>
    </message>
    <message>
        <source>No kernel selected.</source>
        <translation>Kein Kernel ausgewählt.</translation>
    </message>
    <message>
        <source>Kernel %1 — next step: %2</source>
        <translation>Kernel %1 — nächster Schritt: %2</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>Blocked: %1</source>
        <translation>Blockiert: %1</translation>
    </message>
    <message>
        <source>No NVIDIA GPU on this machine: GPU stages cannot run here.</source>
        <translation>Keine NVIDIA-GPU auf diesem Rechner: GPU-Stufen können hier nicht laufen.</translation>
    </message>
    <message>
        <source>Cannot run here: %1</source>
        <translation>Kann hier nicht laufen: %1</translation>
    </message>
    <message>
        <source>%1 cannot run here: %2</source>
        <translation>%1 kann hier nicht laufen: %2</translation>
    </message>
    <message>
        <source>Run the selected stage again</source>
        <translation>Die gewählte Stufe erneut ausführen</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 failed: %2. %3</source>
        <translation>%1 fehlgeschlagen: %2. %3</translation>
    </message>
    <message>
        <source>%1 running for %2:%3</source>
        <translation>%1 läuft seit %2:%3</translation>
    </message>
    <message>
        <source>Live output</source>
        <translation>Live-Ausgabe</translation>
    </message>
    <message>
        <source>Report: %1</source>
        <translation>Bericht: %1</translation>
    </message>
    <message>
        <source>Agent log: %1</source>
        <translation>Agentenprotokoll: %1</translation>
    </message>
    <message>
        <source>No report, agent log or run log for %1 yet.</source>
        <translation>Für %1 gibt es noch keinen Bericht, kein Agentenprotokoll und kein Laufprotokoll.</translation>
    </message>
    <message>
        <source>%1 does not exist (any more).</source>
        <translation>%1 existiert nicht (mehr).</translation>
    </message>
    <message>
        <source>%1 failed: %2
%3
--- last lines ---
%4
--- full log ---
%5</source>
        <translation>%1 fehlgeschlagen: %2
%3
--- letzte Zeilen ---
%4
--- vollständiges Protokoll ---
%5</translation>
    </message>
    <message>
        <source>Rerun %1</source>
        <translation>%1 erneut ausführen</translation>
    </message>
    <message>
        <source>Rerun %1 beyond the pipeline cap</source>
        <translation>%1 über die Pipeline-Obergrenze hinaus erneut ausführen</translation>
    </message>
    <message>
        <source>Cancel run</source>
        <translation>Lauf abbrechen</translation>
    </message>
    <message>
        <source>Reload stage state</source>
        <translation>Stufenzustand neu laden</translation>
    </message>
    <message>
        <source>Trust this workspace?</source>
        <translation>Diesem Arbeitsbereich vertrauen?</translation>
    </message>
    <message>
        <source>TileLens is about to run commands declared for
%1

Run them only if you trust this workspace. Exactly what each command runs (arguments, shell, environment, working directory, timeout, launcher) and every path it writes are listed under “Show Details”.</source>
        <translation>TileLens wird gleich Befehle ausführen, die deklariert sind für
%1

Führen Sie sie nur aus, wenn Sie diesem Arbeitsbereich vertrauen. Was jeder Befehl genau ausführt (Argumente, Shell, Umgebung, Arbeitsverzeichnis, Zeitlimit, Launcher) und jeder Pfad, den er schreibt, stehen unter „Details anzeigen“.</translation>
    </message>
    <message>
        <source>Trust and run</source>
        <translation>Vertrauen und ausführen</translation>
    </message>
    <message>
        <source>Do not trust</source>
        <translation>Nicht vertrauen</translation>
    </message>
    <message>
        <source>Could not store the trust decision: %1</source>
        <translation>Die Vertrauensentscheidung konnte nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>Not run: this workspace is not trusted.</source>
        <translation>Nicht ausgeführt: diesem Arbeitsbereich wird nicht vertraut.</translation>
    </message>
    <message>
        <source>[… %1 bytes skipped in the live view; the log file has them]
</source>
        <translation>[… %1 Bytes in der Live-Ansicht übersprungen; die Protokolldatei enthält sie]
</translation>
    </message>
    <message>
        <source>[… %1 bytes skipped]</source>
        <translation>[… %1 Bytes übersprungen]</translation>
    </message>
    <message>
        <source>%1 failed: %2
%3
--- last lines ---
%4</source>
        <translation>%1 fehlgeschlagen: %2
%3
--- letzte Zeilen ---
%4</translation>
    </message>
    <message>
        <source>Profiled run stopped: %1</source>
        <translation>Profilierter Lauf angehalten: %1</translation>
    </message>
    <message>
        <source>%1 not run: %2</source>
        <translation>%1 nicht ausgeführt: %2</translation>
    </message>
    <message>
        <source>%1 runs once without CUPTI device times: %2</source>
        <translation>%1 läuft einmal ohne CUPTI-Gerätezeiten: %2</translation>
    </message>
    <message>
        <source>%1: profiled run 1 of %2 with CUPTI</source>
        <translation>%1: profilierter Lauf 1 von %2 mit CUPTI</translation>
    </message>
    <message>
        <source>%1: profiled run %2 of %3 done, %4 configuration(s) measured</source>
        <translation>%1: profilierter Lauf %2 von %3 fertig, %4 Konfiguration(en) gemessen</translation>
    </message>
    <message>
        <source>; no device times: %1</source>
        <translation>; keine Gerätezeiten: %1</translation>
    </message>
    <message>
        <source>TileLens&apos;s own diff of %1 and %2 (the verdict in the status bar; no diff report was written)</source>
        <translation>TileLens’ eigener Diff von %1 und %2 (das Urteil steht in der Statusleiste; es wurde kein Diff-Bericht geschrieben)</translation>
    </message>
    <message>
        <source>Trusting covers those commands, where they run and the workspace scripts they run. It does not cover the files those scripts read or import, nor anything outside the workspace: a change there will not ask again.</source>
        <translation>Das Vertrauen gilt diesen Befehlen, dem Ort, an dem sie laufen, und den Skripten des Arbeitsbereichs, die sie ausführen. Es gilt nicht den Dateien, die diese Skripte lesen oder importieren, und nichts außerhalb des Arbeitsbereichs: Eine Änderung dort führt zu keiner erneuten Nachfrage.</translation>
    </message>
    <message>
        <source>Asked again because %1.</source>
        <translation>Erneute Nachfrage, weil %1.</translation>
    </message>
    <message>
        <source>none, both IR files are there (the IR diff is in the inspector)</source>
        <translation>keiner, beide IR-Dateien sind da (der IR-Vergleich ist im Inspektor)</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::panels::StageTableModel</name>
    <message>
        <source>The built-in &apos;%1&apos; is not available in this build.</source>
        <translation>Die eingebaute Stufe „%1“ ist in diesem Build nicht verfügbar.</translation>
    </message>
    <message>
        <source>run of %1</source>
        <translation>Lauf vom %1</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>wartend</translation>
    </message>
    <message>
        <source>running %1</source>
        <translation>läuft %1</translation>
    </message>
    <message>
        <source> (%1/%2 tests)</source>
        <translation> (%1/%2 Tests)</translation>
    </message>
    <message>
        <source>not runnable here</source>
        <translation>hier nicht ausführbar</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>nicht gelaufen</translation>
    </message>
    <message>
        <source>done</source>
        <translation>erledigt</translation>
    </message>
    <message>
        <source>stale</source>
        <translation>veraltet</translation>
    </message>
    <message>
        <source>next: %1</source>
        <translation>nächster: %1</translation>
    </message>
    <message>
        <source>Cannot run here: %1</source>
        <translation>Kann hier nicht laufen: %1</translation>
    </message>
    <message>
        <source>Verdict from %1</source>
        <translation>Urteil aus %1</translation>
    </message>
    <message>
        <source>Over the pipeline cap (%1 runs, cap %2).</source>
        <translation>Über der Pipeline-Obergrenze (%1 Läufe, Obergrenze %2).</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Urteil</translation>
    </message>
    <message>
        <source>Class / owner</source>
        <translation>Klasse / Zuständig</translation>
    </message>
    <message>
        <source>Runs / cap</source>
        <translation>Läufe / Grenze</translation>
    </message>
    <message>
        <source>Freshness</source>
        <translation>Aktualität</translation>
    </message>
    <message>
        <source>Next step</source>
        <translation>Nächster Schritt</translation>
    </message>
    <message>
        <source>computed</source>
        <translation>berechnet</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::HiddenTextNote</name>
    <message>
        <source>This file has a hidden or bidirectional Unicode character, drawn as a box: %1 on line %2. The text may read differently than it compiles.</source>
        <translation>Diese Datei enthält ein verborgenes oder bidirektionales Unicode-Zeichen, als Kästchen dargestellt: %1 in Zeile %2. Der Text kann sich anders lesen, als er kompiliert wird.</translation>
    </message>
    <message>
        <source>This file has %1 hidden or bidirectional Unicode characters, drawn as boxes (the first is %2) on line %3. The text may read differently than it compiles.</source>
        <translation>Diese Datei enthält %1 verborgene oder bidirektionale Unicode-Zeichen, als Kästchen dargestellt (das erste ist %2), in Zeile %3. Der Text kann sich anders lesen, als er kompiliert wird.</translation>
    </message>
    <message>
        <source>This file has %1 hidden or bidirectional Unicode characters, drawn as boxes (the first is %2) on lines %3. The text may read differently than it compiles.</source>
        <translation>Diese Datei enthält %1 verborgene oder bidirektionale Unicode-Zeichen, als Kästchen dargestellt (das erste ist %2), in den Zeilen %3. Der Text kann sich anders lesen, als er kompiliert wird.</translation>
    </message>
    <message>
        <source>Go to line %1</source>
        <translation>Zu Zeile %1 springen</translation>
    </message>
    <message>
        <source>Latin</source>
        <translation>lateinische</translation>
    </message>
    <message>
        <source>Greek</source>
        <translation>griechische</translation>
    </message>
    <message>
        <source>Cyrillic</source>
        <translation>kyrillische</translation>
    </message>
    <message>
        <source>Armenian</source>
        <translation>armenische</translation>
    </message>
    <message>
        <source>The name %1 on line %2 mixes %3 letters (%4): it may read as another name.</source>
        <translation>Der Name %1 in Zeile %2 mischt %3 Buchstaben (%4): Er kann sich wie ein anderer Name lesen.</translation>
    </message>
    <message>
        <source>This file has %1 names that may read as other names; the first, %2 on line %3, mixes %4 letters (%5).</source>
        <translation>Diese Datei enthält %1 Namen, die sich wie andere Namen lesen können; der erste, %2 in Zeile %3, mischt %4 Buchstaben (%5).</translation>
    </message>
    <message>
        <source>The name %1 on line %2 is written in %3 letters (%4) that look like Latin ones: it reads as %5, another name.</source>
        <translation>Der Name %1 in Zeile %2 ist in %3 Buchstaben (%4) geschrieben, die wie lateinische aussehen: Er liest sich als %5, ein anderer Name.</translation>
    </message>
    <message>
        <source>This file has %1 names that may read as other names; the first, %2 on line %3, is written in %4 letters (%5) that look like Latin ones and reads as %6.</source>
        <translation>Diese Datei enthält %1 Namen, die sich wie andere Namen lesen können; der erste, %2 in Zeile %3, ist in %4 Buchstaben (%5) geschrieben, die wie lateinische aussehen, und liest sich als %6.</translation>
    </message>
</context>
</TS>
