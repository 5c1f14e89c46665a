<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>fd</name>
    <message>
        <source>deadlock</source>
        <translation>Deadlock</translation>
    </message>
    <message>
        <source>cycle</source>
        <translation>Zyklus</translation>
    </message>
    <message>
        <source>note</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>waits on</source>
        <translation>wartet auf</translation>
    </message>
    <message>
        <source>time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>seq</source>
        <translation>Seq.</translation>
    </message>
    <message>
        <source>record</source>
        <translation>Eintrag</translation>
    </message>
    <message>
        <source>%1 ✗</source>
        <translation>%1 ✗</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>Rank %1</translation>
    </message>
</context>
<context>
    <name>fd::AboutDialog</name>
    <message>
        <source>About FlightDeck</source>
        <translation>Über FlightDeck</translation>
    </message>
    <message>
        <source>A visual debugger for PyTorch Flight Recorder dumps: it finds the process group and collective where the ranks of a hung job diverged, and the ranks responsible.</source>
        <translation>Ein visueller Debugger für PyTorch-Flight-Recorder-Dumps: Er findet die Prozessgruppe und das Kollektiv, an dem die Ranks eines hängenden Jobs auseinanderliefen, und die verantwortlichen Ranks.</translation>
    </message>
    <message>
        <source>Build information:</source>
        <translation>Build-Informationen:</translation>
    </message>
    <message>
        <source>&amp;Copy Build Information</source>
        <translation>Build-Informationen &amp;kopieren</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
</context>
<context>
    <name>fd::CollectiveModel</name>
    <message>
        <source>PG</source>
        <translation>PG</translation>
    </message>
    <message>
        <source>Seq</source>
        <translation>Seq.</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Ranks</translation>
    </message>
    <message>
        <source>Completed</source>
        <translation>Abgeschlossen</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Scheduled</source>
        <translation>Eingeplant</translation>
    </message>
    <message>
        <source>p2p %1</source>
        <translation>P2P %1</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
</context>
<context>
    <name>fd::CollectiveRanksModel</name>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>Input sizes</source>
        <translation>Eingabegrößen</translation>
    </message>
    <message>
        <source>Input dtypes</source>
        <translation>Eingabe-Dtypes</translation>
    </message>
    <message>
        <source>Output sizes</source>
        <translation>Ausgabegrößen</translation>
    </message>
    <message>
        <source>Output dtypes</source>
        <translation>Ausgabe-Dtypes</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Completed</source>
        <translation>Abgeschlossen</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>no record</source>
        <translation>kein Eintrag</translation>
    </message>
    <message>
        <source>no dump</source>
        <translation>kein Dump</translation>
    </message>
</context>
<context>
    <name>fd::FindingsModel</name>
    <message>
        <source>info</source>
        <translation>Info</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>Schweregrad</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>PG</source>
        <translation>PG</translation>
    </message>
    <message>
        <source>Seq</source>
        <translation>Seq.</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Ranks</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>Befund</translation>
    </message>
</context>
<context>
    <name>fd::Highlights</name>
    <message>
        <source>No hang</source>
        <translation>Kein Hänger</translation>
    </message>
    <message>
        <source>Continue</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stoppen</translation>
    </message>
    <message>
        <source>Not analysed</source>
        <translation>Nicht analysiert</translation>
    </message>
</context>
<context>
    <name>fd::LoadProblemsModel</name>
    <message>
        <source>byte %1: </source>
        <translation>Byte %1: </translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>Schweregrad</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
</context>
<context>
    <name>fd::ProcessGroupModel</name>
    <message>
        <source>PG</source>
        <translation>PG</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Ranks</translation>
    </message>
    <message>
        <source>Dumps</source>
        <translation>Dumps</translation>
    </message>
    <message>
        <source>Stuck</source>
        <translation>Hängend</translation>
    </message>
    <message>
        <source>Missing</source>
        <translation>Fehlend</translation>
    </message>
    <message>
        <source>Last enqueued</source>
        <translation>Zuletzt eingereiht</translation>
    </message>
</context>
<context>
    <name>fd::RankModel</name>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Entries</source>
        <translation>Einträge</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>Ausstehend</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>Health</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>culprit</source>
        <translation>Verursacher</translation>
    </message>
    <message>
        <source>culprit: %1</source>
        <translation>Verursacher: %1</translation>
    </message>
    <message>
        <source>no dump</source>
        <translation>kein Dump</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>unlesbar</translation>
    </message>
</context>
<context>
    <name>fd::StackModel</name>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>Funktion</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Zeile</translation>
    </message>
</context>
<context>
    <name>fd::SyntheticJob</name>
    <message>
        <source>Every collective completed on every rank.</source>
        <translation>Jedes Kollektiv wurde auf jedem Rank abgeschlossen.</translation>
    </message>
    <message>
        <source>never entered %1 #%2</source>
        <translation>%1 #%2 nie betreten</translation>
    </message>
    <message>
        <source>Rank %1 never entered %2 #%3 on %4; the %5 other ranks wait in it.</source>
        <translation>Rank %1 hat %2 #%3 auf %4 nie betreten; die %5 anderen Ranks warten darin.</translation>
    </message>
</context>
<context>
    <name>fd::TimelineLayout</name>
    <message>
        <source>Rank %1 · %2</source>
        <translation>Rank %1 · %2</translation>
    </message>
    <message>
        <source>Never entered %1 #%2</source>
        <translation>%1 #%2 nie betreten</translation>
    </message>
    <message>
        <source>%1 #%2 — %3</source>
        <translation>%1 #%2 — %3</translation>
    </message>
    <message>
        <source>in %1 %2 → out %3 %4</source>
        <translation>ein %1 %2 → aus %3 %4</translation>
    </message>
    <message>
        <source>created %1</source>
        <translation>erstellt %1</translation>
    </message>
    <message>
        <source>, took %1</source>
        <translation>, dauerte %1</translation>
    </message>
    <message>
        <source>The diverging frontier</source>
        <translation>Die Divergenzgrenze</translation>
    </message>
</context>
<context>
    <name>fd::TimelineView</name>
    <message>
        <source>Timeline</source>
        <translation>Zeitleiste</translation>
    </message>
    <message>
        <source>No lanes match the filter</source>
        <translation>Keine Spuren passen zum Filter</translation>
    </message>
    <message>
        <source>Open a job to see its timeline</source>
        <translation>Öffnen Sie einen Job, um seine Zeitleiste zu sehen</translation>
    </message>
</context>
<context>
    <name>fd::i18n</name>
    <message>
        <source>Language of the interface, e.g. de, zh_CN or en (default: the system language).</source>
        <translation>Sprache der Oberfläche, z. B. de, zh_CN oder en (Standard: die Systemsprache).</translation>
    </message>
    <message>
        <source>language</source>
        <translation>Sprache</translation>
    </message>
</context>
<context>
    <name>fd::theme</name>
    <message>
        <source>completed</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>started</source>
        <translation>gestartet</translation>
    </message>
    <message>
        <source>scheduled</source>
        <translation>eingeplant</translation>
    </message>
    <message>
        <source>never entered</source>
        <translation>nie betreten</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
</context>
</TS>
