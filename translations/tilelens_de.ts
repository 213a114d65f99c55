<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>tilelens::gui::Application</name>
    <message>
        <location filename="../app/gui/Application.cpp" line="64"/>
        <source>tilelens: loading %1 did not finish within %2 s</source>
        <translation>tilelens: Das Laden von %1 wurde nicht innerhalb von %2 s abgeschlossen</translation>
    </message>
    <message>
        <location filename="../app/gui/Application.cpp" line="75"/>
        <source>Screenshot written to %1</source>
        <translation>Bildschirmfoto nach %1 geschrieben</translation>
    </message>
    <message>
        <location filename="../app/gui/Application.cpp" line="123"/>
        <source>tilelens: the window could not be rendered</source>
        <translation>tilelens: Das Fenster konnte nicht gerendert werden</translation>
    </message>
    <message>
        <location filename="../app/gui/Application.cpp" line="131"/>
        <source>tilelens: cannot write %1</source>
        <translation>tilelens: %1 kann nicht geschrieben werden</translation>
    </message>
    <message>
        <location filename="../app/gui/Application.cpp" line="157"/>
        <source>Inspect GPU-kernel ports from cuTile Python to cuTile Rust.</source>
        <translation>Portierungen von GPU-Kerneln von cuTile Python nach cuTile Rust untersuchen.</translation>
    </message>
    <message>
        <location filename="../app/gui/Application.cpp" line="163"/>
        <source>Load PATH, render the window at %1x%2 to the PNG FILE and exit.</source>
        <translation>PFAD laden, das Fenster in %1x%2 als PNG-DATEI speichern und beenden.</translation>
    </message>
    <message>
        <location filename="../app/gui/Application.cpp" line="171"/>
        <source>Workspace to open: a TileGym checkout, a kernel output root or a kernel directory (default: the bundled example).</source>
        <translation>Zu öffnender Arbeitsbereich: ein TileGym-Checkout, ein Kernel-Ausgabeverzeichnis oder ein Kernel-Verzeichnis (Standard: das mitgelieferte Beispiel).</translation>
    </message>
    <message>
        <location filename="../app/gui/Application.cpp" line="179"/>
        <source>tilelens: expected at most one PATH</source>
        <translation>tilelens: höchstens ein PFAD erwartet</translation>
    </message>
    <message>
        <location filename="../app/gui/Application.cpp" line="184"/>
        <source>tilelens: the bundled example workspace was not found; pass a PATH or set TILELENS_EXAMPLE_DIR</source>
        <translation>tilelens: Der mitgelieferte Beispiel-Arbeitsbereich wurde nicht gefunden; geben Sie einen PFAD an oder setzen Sie TILELENS_EXAMPLE_DIR</translation>
    </message>
    <message>
        <location filename="../app/gui/Application.cpp" line="192"/>
        <source>tilelens: no display found (DISPLAY and WAYLAND_DISPLAY are unset); writing a screenshot to %1 instead</source>
        <translation>tilelens: Keine Anzeige gefunden (DISPLAY und WAYLAND_DISPLAY sind nicht gesetzt); stattdessen wird ein Bildschirmfoto nach %1 geschrieben</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::KernelListModel</name>
    <message>
        <location filename="../app/gui/KernelListModel.cpp" line="90"/>
        <source>variant %1</source>
        <translation>Variante %1</translation>
    </message>
    <message>
        <location filename="../app/gui/KernelListModel.cpp" line="97"/>
        <source>%1
Problems found: %2 (see View &gt; Diagnostics)</source>
        <translation>%1
Gefundene Probleme: %2 (siehe Ansicht &gt; Diagnose)</translation>
    </message>
    <message>
        <location filename="../app/gui/KernelListModel.cpp" line="117"/>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::MainWindow</name>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="49"/>
        <source>TileLens</source>
        <translation>TileLens</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="120"/>
        <source>Kernels</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="130"/>
        <source>Diagnostics</source>
        <translation>Diagnose</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="140"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="141"/>
        <source>&amp;Open Workspace…</source>
        <translation>Arbeitsbereich ö&amp;ffnen…</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="144"/>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="147"/>
        <source>Re&amp;load</source>
        <translation>&amp;Neu laden</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="150"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="154"/>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="156"/>
        <source>&amp;Kernels</source>
        <translation>&amp;Kernel</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="159"/>
        <source>&amp;Diagnostics</source>
        <translation>&amp;Diagnose</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="162"/>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="163"/>
        <source>&amp;About TileLens</source>
        <translation>&amp;Über TileLens</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="185"/>
        <source>No workspace open</source>
        <translation>Kein Arbeitsbereich geöffnet</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="293"/>
        <source>Open Workspace</source>
        <translation>Arbeitsbereich öffnen</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="314"/>
        <source>No recent workspaces</source>
        <translation>Keine zuletzt geöffneten Arbeitsbereiche</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="318"/>
        <source>&amp;Clear List</source>
        <translation>Liste &amp;leeren</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="344"/>
        <source>Opening %1…</source>
        <translation>%1 wird geöffnet…</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="363"/>
        <source>%1 – TileLens</source>
        <translation>%1 – TileLens</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="366"/>
        <source>1 kernel</source>
        <translation>1 Kernel</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="366"/>
        <source>%1 kernels</source>
        <translation>%1 Kernel</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="379"/>
        <source>No kernels were found in %1. Open a TileGym checkout, a kernel output root or one kernel working directory.</source>
        <translation>In %1 wurden keine Kernel gefunden. Öffnen Sie einen TileGym-Checkout, ein Kernel-Ausgabeverzeichnis oder ein einzelnes Kernel-Arbeitsverzeichnis.</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="382"/>
        <source>%1 does not exist.</source>
        <translation>%1 existiert nicht.</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="409"/>
        <source>Diagnostics: %1</source>
        <translation>Diagnose: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="410"/>
        <source>Show or hide the Diagnostics panel</source>
        <translation>Diagnosebereich ein- oder ausblenden</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="498"/>
        <source>About TileLens</source>
        <translation>Über TileLens</translation>
    </message>
    <message>
        <location filename="../app/gui/MainWindow.cpp" line="499"/>
        <source>&lt;h3&gt;TileLens %1&lt;/h3&gt;&lt;p&gt;An inspector for GPU-kernel ports from cuTile Python to cuTile Rust: sources, Tile IR and verdicts side by side.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;TileLens %1&lt;/h3&gt;&lt;p&gt;Ein Inspektor für Portierungen von GPU-Kerneln von cuTile Python nach cuTile Rust: Quelltexte, Tile IR und Urteile nebeneinander.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::RustLexer</name>
    <message>
        <location filename="../app/gui/RustLexer.cpp" line="109"/>
        <source>Default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <location filename="../app/gui/RustLexer.cpp" line="110"/>
        <source>Comment</source>
        <translation>Kommentar</translation>
    </message>
    <message>
        <location filename="../app/gui/RustLexer.cpp" line="111"/>
        <source>Documentation comment</source>
        <translation>Dokumentationskommentar</translation>
    </message>
    <message>
        <location filename="../app/gui/RustLexer.cpp" line="112"/>
        <source>Keyword</source>
        <translation>Schlüsselwort</translation>
    </message>
    <message>
        <location filename="../app/gui/RustLexer.cpp" line="113"/>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <location filename="../app/gui/RustLexer.cpp" line="114"/>
        <source>Number</source>
        <translation>Zahl</translation>
    </message>
    <message>
        <location filename="../app/gui/RustLexer.cpp" line="115"/>
        <source>String</source>
        <translation>Zeichenkette</translation>
    </message>
    <message>
        <location filename="../app/gui/RustLexer.cpp" line="116"/>
        <source>Character</source>
        <translation>Zeichen</translation>
    </message>
    <message>
        <location filename="../app/gui/RustLexer.cpp" line="117"/>
        <source>Lifetime</source>
        <translation>Lebensdauer</translation>
    </message>
    <message>
        <location filename="../app/gui/RustLexer.cpp" line="118"/>
        <source>Attribute</source>
        <translation>Attribut</translation>
    </message>
    <message>
        <location filename="../app/gui/RustLexer.cpp" line="119"/>
        <source>Macro</source>
        <translation>Makro</translation>
    </message>
    <message>
        <location filename="../app/gui/RustLexer.cpp" line="120"/>
        <source>Function name</source>
        <translation>Funktionsname</translation>
    </message>
    <message>
        <location filename="../app/gui/RustLexer.cpp" line="121"/>
        <source>Punctuation</source>
        <translation>Satzzeichen</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::SourceFileLoader</name>
    <message>
        <location filename="../app/gui/SourceFileLoader.cpp" line="22"/>
        <source>No reference Python file was found for this kernel (analysis.json names it in &quot;source&quot;).</source>
        <translation>Für diesen Kernel wurde keine Python-Referenzdatei gefunden (analysis.json nennt sie unter „source“).</translation>
    </message>
    <message>
        <location filename="../app/gui/SourceFileLoader.cpp" line="27"/>
        <source>This kernel directory has no kernel.rs.</source>
        <translation>Dieses Kernel-Verzeichnis enthält keine kernel.rs.</translation>
    </message>
    <message>
        <location filename="../app/gui/SourceFileLoader.cpp" line="31"/>
        <source>No reference IR was found (reference/reference.mlir).</source>
        <translation>Es wurde keine Referenz-IR gefunden (reference/reference.mlir).</translation>
    </message>
    <message>
        <location filename="../app/gui/SourceFileLoader.cpp" line="35"/>
        <source>No generated IR was found (generated/generated.mlir); stage B has not produced it yet.</source>
        <translation>Es wurde keine generierte IR gefunden (generated/generated.mlir); Stufe B hat sie noch nicht erzeugt.</translation>
    </message>
    <message>
        <location filename="../app/gui/SourceFileLoader.cpp" line="44"/>
        <source>The file %1 does not exist.</source>
        <translation>Die Datei %1 existiert nicht.</translation>
    </message>
    <message>
        <location filename="../app/gui/SourceFileLoader.cpp" line="48"/>
        <source>%1 is not a regular file.</source>
        <translation>%1 ist keine reguläre Datei.</translation>
    </message>
    <message>
        <location filename="../app/gui/SourceFileLoader.cpp" line="54"/>
        <location filename="../app/gui/SourceFileLoader.cpp" line="65"/>
        <source>unknown error</source>
        <translation>unbekannter Fehler</translation>
    </message>
    <message>
        <location filename="../app/gui/SourceFileLoader.cpp" line="56"/>
        <source>The file %1 could not be read: %2</source>
        <translation>Die Datei %1 konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/SourceFileLoader.cpp" line="67"/>
        <source>The Tile IR bytecode file %1 could not be decoded: %2</source>
        <translation>Die Tile-IR-Bytecode-Datei %1 konnte nicht dekodiert werden: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/SourceFileLoader.cpp" line="73"/>
        <source>// Decoded from Tile IR bytecode by TileLens; line numbers are those of this text, not of the file.</source>
        <translation>// Von TileLens aus Tile-IR-Bytecode dekodiert; die Zeilennummern gehören zu diesem Text, nicht zur Datei.</translation>
    </message>
    <message>
        <location filename="../app/gui/SourceFileLoader.cpp" line="84"/>
        <source>%1 is a binary file (for example Tile IR bytecode) and cannot be shown as text.</source>
        <translation>%1 ist eine Binärdatei (zum Beispiel Tile-IR-Bytecode) und kann nicht als Text angezeigt werden.</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::SourcePane</name>
    <message>
        <location filename="../app/gui/SourcePane.cpp" line="92"/>
        <source>Reference Python</source>
        <translation>Python-Referenz</translation>
    </message>
    <message>
        <location filename="../app/gui/SourcePane.cpp" line="93"/>
        <source>Generated Rust</source>
        <translation>Generiertes Rust</translation>
    </message>
    <message>
        <location filename="../app/gui/SourcePane.cpp" line="94"/>
        <source>Reference IR</source>
        <translation>Referenz-IR</translation>
    </message>
    <message>
        <location filename="../app/gui/SourcePane.cpp" line="95"/>
        <source>Generated IR</source>
        <translation>Generierte IR</translation>
    </message>
    <message>
        <location filename="../app/gui/SourcePane.cpp" line="103"/>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <location filename="../app/gui/SourcePane.cpp" line="113"/>
        <source>Loading %1…</source>
        <translation>%1 wird geladen…</translation>
    </message>
    <message>
        <location filename="../app/gui/SourcePane.cpp" line="125"/>
        <source> (decoded bytecode)</source>
        <translation> (dekodierter Bytecode)</translation>
    </message>
</context>
<context>
    <name>tilelens::gui::TileIrLexer</name>
    <message>
        <location filename="../app/gui/TileIrLexer.cpp" line="185"/>
        <source>Default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <location filename="../app/gui/TileIrLexer.cpp" line="186"/>
        <source>Comment</source>
        <translation>Kommentar</translation>
    </message>
    <message>
        <location filename="../app/gui/TileIrLexer.cpp" line="187"/>
        <source>Operation</source>
        <translation>Operation</translation>
    </message>
    <message>
        <location filename="../app/gui/TileIrLexer.cpp" line="188"/>
        <source>SSA value</source>
        <translation>SSA-Wert</translation>
    </message>
    <message>
        <location filename="../app/gui/TileIrLexer.cpp" line="189"/>
        <source>Symbol</source>
        <translation>Symbol</translation>
    </message>
    <message>
        <location filename="../app/gui/TileIrLexer.cpp" line="190"/>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <location filename="../app/gui/TileIrLexer.cpp" line="191"/>
        <source>Attribute</source>
        <translation>Attribut</translation>
    </message>
    <message>
        <location filename="../app/gui/TileIrLexer.cpp" line="192"/>
        <source>Number</source>
        <translation>Zahl</translation>
    </message>
    <message>
        <location filename="../app/gui/TileIrLexer.cpp" line="193"/>
        <source>String</source>
        <translation>Zeichenkette</translation>
    </message>
    <message>
        <location filename="../app/gui/TileIrLexer.cpp" line="194"/>
        <source>Location</source>
        <translation>Quellort</translation>
    </message>
    <message>
        <location filename="../app/gui/TileIrLexer.cpp" line="195"/>
        <source>Keyword</source>
        <translation>Schlüsselwort</translation>
    </message>
    <message>
        <location filename="../app/gui/TileIrLexer.cpp" line="196"/>
        <source>Punctuation</source>
        <translation>Satzzeichen</translation>
    </message>
    <message>
        <location filename="../app/gui/TileIrLexer.cpp" line="197"/>
        <source>Block label</source>
        <translation>Blockmarke</translation>
    </message>
</context>
</TS>
