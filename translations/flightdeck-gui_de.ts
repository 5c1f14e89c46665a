<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
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
    <message>
        <source>&amp;About FlightDeck</source>
        <translation>Ü&amp;ber FlightDeck</translation>
    </message>
</context>
<context>
    <name>fd::AppTheme</name>
    <message>
        <source>system palette</source>
        <translation>Systempalette</translation>
    </message>
    <message>
        <source>light palette</source>
        <translation>helle Palette</translation>
    </message>
    <message>
        <source>dark palette</source>
        <translation>dunkle Palette</translation>
    </message>
</context>
<context>
    <name>fd::CaptureDialog</name>
    <message>
        <source>Capture from running job</source>
        <translation>Von laufendem Job erfassen</translation>
    </message>
    <message>
        <source>torch worker servers on Unix sockets</source>
        <translation>torch-Worker-Server auf Unix-Sockets</translation>
    </message>
    <message>
        <source>torch worker servers on host:port</source>
        <translation>torch-Worker-Server auf host:port</translation>
    </message>
    <message>
        <source>NCCL dump pipes on this node</source>
        <translation>NCCL-Dump-Pipes auf diesem Knoten</translation>
    </message>
    <message>
        <source>TORCH_FR_DUMP_TEMP_FILE of the ranks</source>
        <translation>TORCH_FR_DUMP_TEMP_FILE der Ranks</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Folder for the capture</source>
        <translation>Ordner für die Erfassung</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Allow worker servers on other hosts</source>
        <translation>Worker-Server auf anderen Hosts erlauben</translation>
    </message>
    <message>
        <source>&amp;Ranks:</source>
        <translation>&amp;Ranks:</translation>
    </message>
    <message>
        <source>&amp;Where:</source>
        <translation>&amp;Wo:</translation>
    </message>
    <message>
        <source>&amp;Dump prefix:</source>
        <translation>&amp;Dump-Präfix:</translation>
    </message>
    <message>
        <source>&amp;Save into:</source>
        <translation>&amp;Speichern in:</translation>
    </message>
    <message>
        <source>&amp;Timeout per rank:</source>
        <translation>&amp;Zeitlimit je Rank:</translation>
    </message>
    <message>
        <source>The capture goes into a new capture-&lt;UTC time&gt; folder there, then opens like a dump folder. A rank that does not answer is listed under Load problems.</source>
        <translation>Die Erfassung kommt dort in einen neuen Ordner capture-&lt;UTC-Zeit&gt; und wird dann wie ein Dump-Ordner geöffnet. Ein Rank, der nicht antwortet, erscheint unter Ladeprobleme.</translation>
    </message>
    <message>
        <source>&amp;Capture</source>
        <translation>&amp;Erfassen</translation>
    </message>
    <message>
        <source>glob of TORCH_WORKER_SERVER_SOCKET, e.g. /tmp/job/worker_*.sock</source>
        <translation>Glob-Muster von TORCH_WORKER_SERVER_SOCKET, z. B. /tmp/job/worker_*.sock</translation>
    </message>
    <message>
        <source>host:port list in rank order, e.g. 127.0.0.1:25999,127.0.0.1:26000</source>
        <translation>host:port-Liste in Rank-Reihenfolge, z. B. 127.0.0.1:25999,127.0.0.1:26000</translation>
    </message>
    <message>
        <source>TORCH_NCCL_DEBUG_INFO_PIPE_FILE of the ranks, e.g. /tmp/nccl_pipe_</source>
        <translation>TORCH_NCCL_DEBUG_INFO_PIPE_FILE der Ranks, z. B. /tmp/nccl_pipe_</translation>
    </message>
    <message>
        <source>Say where the ranks listen.</source>
        <translation>Geben Sie an, wo die Ranks lauschen.</translation>
    </message>
    <message>
        <source>A pipe capture needs the ranks&apos; dump prefix (TORCH_FR_DUMP_TEMP_FILE).</source>
        <translation>Eine Pipe-Erfassung braucht das Dump-Präfix der Ranks (TORCH_FR_DUMP_TEMP_FILE).</translation>
    </message>
    <message>
        <source>Choose a folder for the capture.</source>
        <translation>Wählen Sie einen Ordner für die Erfassung.</translation>
    </message>
    <message>
        <source>torch debug server (start_debug_server), through the job&apos;s store</source>
        <translation>torch-Debug-Server (start_debug_server), über den Store des Jobs</translation>
    </message>
    <message>
        <source>e.g. 127.0.0.1:29500</source>
        <translation>z. B. 127.0.0.1:29500</translation>
    </message>
    <message>
        <source>Job&apos;s &amp;store (MASTER_ADDR:MASTER_PORT):</source>
        <translation>&amp;Store des Jobs (MASTER_ADDR:MASTER_PORT):</translation>
    </message>
    <message>
        <source>Give the job&apos;s store, MASTER_ADDR:MASTER_PORT.</source>
        <translation>Den Store des Jobs angeben, MASTER_ADDR:MASTER_PORT.</translation>
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
    <name>fd::DetailsPanel</name>
    <message>
        <source>Click a box in the timeline to see that collective on every rank.</source>
        <translation>Klicken Sie auf ein Kästchen in der Zeitleiste, um dieses Kollektiv auf jedem Rank zu sehen.</translation>
    </message>
    <message>
        <source>%1 %2#%3 on %4</source>
        <translation>%1 %2#%3 auf %4</translation>
    </message>
    <message>
        <source>p2p </source>
        <translation>P2P </translation>
    </message>
    <message>
        <source>%1 %2#%3 on %4: an older entry of rank %5</source>
        <translation>%1 %2#%3 auf %4: ein älterer Eintrag von Rang %5</translation>
    </message>
    <message>
        <source>Entry %1 of %2 in %3: older than the window the analysis judged, read again from the file</source>
        <translation>Eintrag %1 von %2 in %3: älter als das Fenster, das die Analyse beurteilt hat, erneut aus der Datei gelesen</translation>
    </message>
</context>
<context>
    <name>fd::DurationChart</name>
    <message>
        <source>Op durations: select a process group</source>
        <translation>Op-Dauern: wählen Sie eine Prozessgruppe</translation>
    </message>
    <message>
        <source>No op durations in %1: the dumps were written without TORCH_NCCL_ENABLE_TIMING</source>
        <translation>Keine Op-Dauern in %1: Die Dumps wurden ohne TORCH_NCCL_ENABLE_TIMING geschrieben</translation>
    </message>
    <message>
        <source>sequence id</source>
        <translation>Sequenz-ID</translation>
    </message>
    <message>
        <source>duration (ms)</source>
        <translation>Dauer (ms)</translation>
    </message>
    <message numerus="yes">
        <source>Op durations in %1 across %n rank(s)</source>
        <translation>
            <numerusform>Op-Dauern in %1 über %n Rank</numerusform>
            <numerusform>Op-Dauern in %1 über %n Ranks</numerusform>
        </translation>
    </message>
    <message>
        <source> (%1 sequence ids per point)</source>
        <translation> (%1 Sequenz-IDs pro Punkt)</translation>
    </message>
    <message>
        <source>max</source>
        <translation>Maximum</translation>
    </message>
    <message>
        <source>p95</source>
        <translation>P95</translation>
    </message>
    <message>
        <source>median</source>
        <translation>Median</translation>
    </message>
    <message>
        <source>min</source>
        <translation>Minimum</translation>
    </message>
    <message>
        <source>rank %1 (mean %2 ms)</source>
        <translation>Rank %1 (Mittel %2 ms)</translation>
    </message>
</context>
<context>
    <name>fd::EvidencePanel</name>
    <message>
        <source>Nothing diverged: no evidence to show</source>
        <translation>Nichts ist auseinandergelaufen: keine Belege zu zeigen</translation>
    </message>
    <message>
        <source>Open a job to see its evidence</source>
        <translation>Öffnen Sie einen Job, um seine Belege zu sehen</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Belege</translation>
    </message>
</context>
<context>
    <name>fd::EvidencePicture</name>
    <message>
        <source>p2p op %1</source>
        <translation>P2P-Op %1</translation>
    </message>
    <message>
        <source>collective %1</source>
        <translation>Kollektiv %1</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message numerus="yes">
        <source>and %n more member(s) not shown</source>
        <translation>
            <numerusform>und %n weiteres Mitglied, nicht gezeigt</numerusform>
            <numerusform>und %n weitere Mitglieder, nicht gezeigt</numerusform>
        </translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message numerus="yes">
        <source>and %n more finding(s)</source>
        <translation>
            <numerusform>und %n weiterer Befund</numerusform>
            <numerusform>und %n weitere Befunde</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fd::ExplainFindings</name>
    <message>
        <source>No hang</source>
        <translation>Kein Hänger</translation>
    </message>
    <message>
        <source>CONTINUE</source>
        <translation>CONTINUE</translation>
    </message>
    <message>
        <source>STOP</source>
        <translation>STOP</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Unbekannt</translation>
    </message>
</context>
<context>
    <name>fd::ExplainPanel</name>
    <message>
        <source>LLM narrative (may be wrong: the analysis verdict above stands)</source>
        <translation>LLM-Erläuterung (kann falsch sein: Das Urteil der Analyse oben gilt)</translation>
    </message>
    <message>
        <source>&amp;Explain</source>
        <translation>&amp;Erklären</translation>
    </message>
    <message>
        <source>Send the analysis findings (not the dumps) to the LLM and show its narrative</source>
        <translation>Die Analysebefunde (nicht die Dumps) an das LLM senden und seine Erläuterung anzeigen</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Abbrechen</translation>
    </message>
    <message>
        <source>&amp;Settings...</source>
        <translation>&amp;Einstellungen...</translation>
    </message>
    <message>
        <source>Nothing to explain yet: load dumps first.</source>
        <translation>Noch nichts zu erklären: Laden Sie zuerst Dumps.</translation>
    </message>
    <message>
        <source>Waiting for %1 to answer...</source>
        <translation>Warte auf die Antwort von %1...</translation>
    </message>
    <message>
        <source>Asking %1 at %2...</source>
        <translation>Frage %1 unter %2...</translation>
    </message>
    <message numerus="yes">
        <source>Receiving from %1... (%n character(s))</source>
        <translation>
            <numerusform>Empfange von %1... (%n Zeichen)</numerusform>
            <numerusform>Empfange von %1... (%n Zeichen)</numerusform>
        </translation>
    </message>
    <message>
        <source>Retrying now (attempt %1 of %2)...</source>
        <translation>Neuer Versuch (Versuch %1 von %2)...</translation>
    </message>
    <message numerus="yes">
        <source>%1; retrying in %n s (attempt %2 of %3)</source>
        <translation>
            <numerusform>%1; neuer Versuch in %n s (Versuch %2 von %3)</numerusform>
            <numerusform>%1; neuer Versuch in %n s (Versuch %2 von %3)</numerusform>
        </translation>
    </message>
    <message>
        <source>The answer has no &quot;hanging ranks&quot; line to compare; the analysis names %1.</source>
        <translation>Die Antwort enthält keine „hanging ranks“-Zeile zum Vergleich; die Analyse nennt %1.</translation>
    </message>
    <message>
        <source>✔ The LLM agrees with the analysis: hanging ranks %1.</source>
        <translation>✔ Das LLM stimmt mit der Analyse überein: hängende Ranks %1.</translation>
    </message>
    <message>
        <source>the LLM names extra ranks %1 that the analysis does not flag</source>
        <translation>das LLM nennt zusätzliche Ranks %1, die die Analyse nicht markiert</translation>
    </message>
    <message>
        <source>the LLM misses ranks %1 that the analysis flags</source>
        <translation>dem LLM fehlen die Ranks %1, die die Analyse markiert</translation>
    </message>
    <message>
        <source>⚠ Disagreement: %1. Trust the analysis verdict.</source>
        <translation>⚠ Widerspruch: %1. Vertrauen Sie dem Urteil der Analyse.</translation>
    </message>
    <message>
        <source>; </source>
        <translation>; </translation>
    </message>
    <message>
        <source>Answer from %1 in %2 s</source>
        <translation>Antwort von %1 in %2 s</translation>
    </message>
    <message numerus="yes">
        <source>, %n token(s)</source>
        <translation>
            <numerusform>, %n Token</numerusform>
            <numerusform>, %n Token</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, after %n attempt(s)</source>
        <translation>
            <numerusform>, nach %n Versuch</numerusform>
            <numerusform>, nach %n Versuchen</numerusform>
        </translation>
    </message>
    <message>
        <source> (cut off by the server&apos;s token limit)</source>
        <translation> (vom Token-Limit des Servers abgeschnitten)</translation>
    </message>
    <message>
        <source>Cancelled before any text arrived.</source>
        <translation>Abgebrochen, bevor Text ankam.</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <source>Cancelled; the partial answer above was not compared with the verdict.</source>
        <translation>Abgebrochen; die unvollständige Antwort oben wurde nicht mit dem Urteil verglichen.</translation>
    </message>
    <message>
        <source>Use Settings... to enter a key.</source>
        <translation>Geben Sie unter Einstellungen... einen Schlüssel ein.</translation>
    </message>
    <message>
        <source>Check the key in Settings...</source>
        <translation>Prüfen Sie den Schlüssel unter Einstellungen...</translation>
    </message>
    <message>
        <source>Check the base URL and model in Settings...</source>
        <translation>Prüfen Sie Basis-URL und Modell unter Einstellungen...</translation>
    </message>
    <message>
        <source>No narrative: the request failed (see below).</source>
        <translation>Keine Erläuterung: Die Anfrage ist fehlgeschlagen (siehe unten).</translation>
    </message>
    <message>
        <source>&lt;b&gt;Analysis verdict:&lt;/b&gt; no dumps loaded.</source>
        <translation>&lt;b&gt;Urteil der Analyse:&lt;/b&gt; keine Dumps geladen.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Analysis verdict:&lt;/b&gt; %1&lt;br/&gt;&lt;b&gt;Hanging ranks:&lt;/b&gt; %2</source>
        <translation>&lt;b&gt;Urteil der Analyse:&lt;/b&gt; %1&lt;br/&gt;&lt;b&gt;Hängende Ranks:&lt;/b&gt; %2</translation>
    </message>
    <message>
        <source>Press Explain to ask %1 for a plain-language account of these findings.</source>
        <translation>Klicken Sie auf Erklären, um %1 um eine allgemein verständliche Darstellung dieser Befunde zu bitten.</translation>
    </message>
    <message>
        <source>Load dumps to get findings to explain.</source>
        <translation>Laden Sie Dumps, um Befunde zum Erklären zu erhalten.</translation>
    </message>
    <message>
        <source>Settings... sets how long to wait.</source>
        <translation>Unter Einstellungen... legen Sie fest, wie lange gewartet wird.</translation>
    </message>
</context>
<context>
    <name>fd::ExplainSettings</name>
    <message>
        <source>the settings dialog (this session only)</source>
        <translation>dem Einstellungsdialog (nur diese Sitzung)</translation>
    </message>
</context>
<context>
    <name>fd::Exporter</name>
    <message>
        <source>Exported by FlightDeck</source>
        <translation>Exportiert von FlightDeck</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>%1 kann nicht geschrieben werden</translation>
    </message>
    <message>
        <source>Nothing to report: no job is open</source>
        <translation>Nichts zu berichten: kein Job geöffnet</translation>
    </message>
    <message>
        <source>Process groups of the causal chain: the culprits&apos; and the frontier&apos;s, and those blocked behind them (%1 of %2; the app shows them all)</source>
        <translation>Prozessgruppen der Ursachenkette: die der Verursacher und der Divergenzgrenze sowie die dahinter blockierten (%1 von %2; die App zeigt alle)</translation>
    </message>
</context>
<context>
    <name>fd::FilesModel</name>
    <message>
        <source>used</source>
        <translation>verwendet</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>übersprungen</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>unlesbar</translation>
    </message>
    <message>
        <source>partly read</source>
        <translation>teilweise gelesen</translation>
    </message>
    <message>
        <source>Use</source>
        <translation>Verwendung</translation>
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
        <source>Format</source>
        <translation>Format</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
</context>
<context>
    <name>fd::FindingsModel</name>
    <message>
        <source>deadlock</source>
        <translation>Deadlock</translation>
    </message>
    <message>
        <source>note</source>
        <translation>Hinweis</translation>
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
    <name>fd::HealthText</name>
    <message>
        <source>%1 ✗</source>
        <translation>%1 ✗</translation>
    </message>
    <message>
        <source>Health checks of rank %1:</source>
        <translation>Zustandsprüfungen von Rank %1:</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: %2 — %3</source>
        <translation>%1: %2 — %3</translation>
    </message>
</context>
<context>
    <name>fd::HelpOverlay</name>
    <message>
        <source>Ctrl+O</source>
        <translation>Strg+O</translation>
    </message>
    <message>
        <source>Open a dump directory or prefix</source>
        <translation>Dump-Verzeichnis oder -Präfix öffnen</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation>Strg+Umschalt+O</translation>
    </message>
    <message>
        <source>Open dump files</source>
        <translation>Dump-Dateien öffnen</translation>
    </message>
    <message>
        <source>Drop</source>
        <translation>Ablegen</translation>
    </message>
    <message>
        <source>Drop a directory or files on the window to open them</source>
        <translation>Ein Verzeichnis oder Dateien auf dem Fenster ablegen, um sie zu öffnen</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Strg+E</translation>
    </message>
    <message>
        <source>Export report (PNG + JSON)</source>
        <translation>Bericht exportieren (PNG + JSON)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Strg+Umschalt+E</translation>
    </message>
    <message>
        <source>Export the view under the mouse (PNG/SVG)</source>
        <translation>Die Ansicht unter dem Mauszeiger exportieren (PNG/SVG)</translation>
    </message>
    <message>
        <source>Ctrl+wheel, +/-</source>
        <translation>Strg+Mausrad, +/-</translation>
    </message>
    <message>
        <source>Zoom the timeline at the cursor</source>
        <translation>Zeitleiste am Mauszeiger zoomen</translation>
    </message>
    <message>
        <source>Drag, Shift+wheel, ←/→</source>
        <translation>Ziehen, Umschalt+Mausrad, ←/→</translation>
    </message>
    <message>
        <source>Pan the timeline</source>
        <translation>Zeitleiste verschieben</translation>
    </message>
    <message>
        <source>Shift+drag</source>
        <translation>Umschalt+Ziehen</translation>
    </message>
    <message>
        <source>Zoom to a range</source>
        <translation>Auf einen Bereich zoomen</translation>
    </message>
    <message>
        <source>Backspace</source>
        <translation>Rücktaste</translation>
    </message>
    <message>
        <source>Zoom back</source>
        <translation>Zoom zurück</translation>
    </message>
    <message>
        <source>0 / Home</source>
        <translation>0 / Pos1</translation>
    </message>
    <message>
        <source>Alt+wheel, [ / ]</source>
        <translation>Alt+Mausrad, [ / ]</translation>
    </message>
    <message>
        <source>Lane height</source>
        <translation>Spurhöhe</translation>
    </message>
    <message>
        <source>Click</source>
        <translation>Klick</translation>
    </message>
    <message>
        <source>Select a collective (details follow)</source>
        <translation>Ein Kollektiv auswählen (Details folgen)</translation>
    </message>
    <message>
        <source>T</source>
        <translation>T</translation>
    </message>
    <message>
        <source>Switch x between sequence and wall time</source>
        <translation>x zwischen Sequenz und Uhrzeit umschalten</translation>
    </message>
    <message>
        <source>F</source>
        <translation>F</translation>
    </message>
    <message>
        <source>Filter the timeline to the frontier PG</source>
        <translation>Zeitleiste auf die PG an der Divergenzgrenze filtern</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Clear the PG filter / leave presentation</source>
        <translation>PG-Filter aufheben / Präsentation verlassen</translation>
    </message>
    <message>
        <source>F5</source>
        <translation>F5</translation>
    </message>
    <message>
        <source>Presentation mode</source>
        <translation>Präsentationsmodus</translation>
    </message>
    <message>
        <source>F11</source>
        <translation>F11</translation>
    </message>
    <message>
        <source>Full screen</source>
        <translation>Vollbild</translation>
    </message>
    <message>
        <source>Ctrl+Shift+D</source>
        <translation>Strg+Umschalt+D</translation>
    </message>
    <message>
        <source>Cycle palette: system, light, dark</source>
        <translation>Palette wechseln: System, hell, dunkel</translation>
    </message>
    <message>
        <source>Ctrl+Q</source>
        <translation>Strg+Q</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Beenden</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>This help</source>
        <translation>Diese Hilfe</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Back to the evidence: the frontier and the collectives before it</source>
        <translation>Zurück zu den Belegen: die Divergenzgrenze und die Kollektive davor</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>Show all: every collective, the whole graph</source>
        <translation>Alles zeigen: jedes Kollektiv, der ganze Graph</translation>
    </message>
    <message>
        <source>Click a group, Enter</source>
        <translation>Klick auf eine Gruppe, Enter</translation>
    </message>
    <message>
        <source>Show each rank of a group lane (Enter again: regroup)</source>
        <translation>Jeden Rank einer Gruppenzeile zeigen (erneut Enter: wieder gruppieren)</translation>
    </message>
</context>
<context>
    <name>fd::LiveActions</name>
    <message>
        <source>&amp;Capture from running job…</source>
        <translation>Von laufendem Job &amp;erfassen…</translation>
    </message>
    <message>
        <source>&amp;Watch folder…</source>
        <translation>Ordner &amp;beobachten…</translation>
    </message>
    <message>
        <source>Watch a folder for dumps</source>
        <translation>Einen Ordner auf Dumps beobachten</translation>
    </message>
    <message>
        <source>&amp;Stop watching</source>
        <translation>Beobachten &amp;beenden</translation>
    </message>
    <message>
        <source> — stopped: time is up, the set is incomplete</source>
        <translation> — angehalten: Zeit abgelaufen, der Satz ist unvollständig</translation>
    </message>
    <message>
        <source>Capturing from %1 …</source>
        <translation>Erfasse von %1 …</translation>
    </message>
    <message>
        <source>Captured %1 of %2 rank(s) into %3</source>
        <translation>%1 von %2 Rank(s) nach %3 erfasst</translation>
    </message>
    <message>
        <source>; no answer from rank(s) %1</source>
        <translation>; keine Antwort von Rank(s) %1</translation>
    </message>
    <message>
        <source>Nothing captured: %1</source>
        <translation>Nichts erfasst: %1</translation>
    </message>
    <message>
        <source>Watching %1: waiting for dumps</source>
        <translation>Beobachte %1: warte auf Dumps</translation>
    </message>
    <message>
        <source> — stopped</source>
        <translation> — angehalten</translation>
    </message>
    <message>
        <source>Watching %1: %2 dump(s) of world %3; missing: %4; growing: %5; verdict so far: %6, ranks named: %7</source>
        <translation>Beobachte %1: %2 Dump(s) bei Weltgröße %3; fehlend: %4; wachsend: %5; bisheriges Urteil: %6, genannte Ranks: %7</translation>
    </message>
    <message>
        <source> — complete</source>
        <translation> — vollständig</translation>
    </message>
    <message>
        <source>Watch folder</source>
        <translation>Ordner beobachten</translation>
    </message>
    <message>
        <source>Stop watching after (minutes), if ranks are still missing:</source>
        <translation>Beobachten beenden nach (Minuten), falls noch Ranks fehlen:</translation>
    </message>
    <message>
        <source>at least %1 (no dump names the world&apos;s ranks)</source>
        <translation>mindestens %1 (kein Dump nennt die Ranks des Jobs)</translation>
    </message>
    <message>
        <source>Stopped watching %1: the folder is gone (deleted, moved or unmounted); showing what had arrived</source>
        <translation>Beobachtung von %1 beendet: der Ordner ist verschwunden (gelöscht, verschoben oder ausgehängt); angezeigt wird, was angekommen war</translation>
    </message>
    <message>
        <source> — not compared with the snapshot before: %1</source>
        <translation> — nicht mit dem vorigen Schnappschuss verglichen: %1</translation>
    </message>
</context>
<context>
    <name>fd::LlmSettingsDialog</name>
    <message>
        <source>LLM Settings</source>
        <translation>LLM-Einstellungen</translation>
    </message>
    <message>
        <source>&amp;Remember the key on this computer</source>
        <translation>Schlüssel auf diesem Computer &amp;merken</translation>
    </message>
    <message>
        <source>&amp;Base URL:</source>
        <translation>&amp;Basis-URL:</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>&amp;Modell:</translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation>API-&amp;Schlüssel:</translation>
    </message>
    <message>
        <source>Only the analysis findings (verdict, frontier, culprits, victims, mismatches, health) are sent, never the dump files. Plain http:// is accepted only for a server on this machine.</source>
        <translation>Gesendet werden nur die Analysebefunde (Urteil, Divergenzgrenze, Verursacher, Betroffene, Abweichungen, Zustand), niemals die Dump-Dateien. Unverschlüsseltes http:// wird nur für einen Server auf diesem Rechner akzeptiert.</translation>
    </message>
    <message>
        <source>empty: keep this session&apos;s key</source>
        <translation>leer: den Schlüssel dieser Sitzung behalten</translation>
    </message>
    <message>
        <source>A key entered earlier is kept in memory for this session.</source>
        <translation>Ein zuvor eingegebener Schlüssel wird für diese Sitzung im Speicher gehalten.</translation>
    </message>
    <message>
        <source>empty: keep the current key</source>
        <translation>leer: den aktuellen Schlüssel behalten</translation>
    </message>
    <message>
        <source>Current key from %1.</source>
        <translation>Aktueller Schlüssel aus %1.</translation>
    </message>
    <message>
        <source>no key yet</source>
        <translation>noch kein Schlüssel</translation>
    </message>
    <message>
        <source>No key found in LLM_API_KEY, LLM_API_KEY_FILE, ~/.llm_api_key or ~/.config/nvrx/llm_api_key.</source>
        <translation>Kein Schlüssel in LLM_API_KEY, LLM_API_KEY_FILE, ~/.llm_api_key oder ~/.config/nvrx/llm_api_key gefunden.</translation>
    </message>
    <message>
        <source>A remembered key is saved to %1, readable only by you; otherwise it is kept in memory until FlightDeck quits.</source>
        <translation>Ein gemerkter Schlüssel wird in %1 gespeichert und ist nur für Sie lesbar; andernfalls bleibt er bis zum Beenden von FlightDeck im Speicher.</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>The whole request, retries and waits included, gives up after this long whatever the server does.</source>
        <translation>Die ganze Anfrage, Wiederholungen und Wartezeiten eingeschlossen, gibt nach dieser Zeit auf, was auch immer der Server tut.</translation>
    </message>
    <message>
        <source>&amp;Give up after:</source>
        <translation>&amp;Aufgeben nach:</translation>
    </message>
</context>
<context>
    <name>fd::LoadController</name>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation>
            <numerusform>%n Datei</numerusform>
            <numerusform>%n Dateien</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not load %1</source>
        <translation>%1 konnte nicht geladen werden</translation>
    </message>
    <message>
        <source>No dump could be read from %1</source>
        <translation>Aus %1 konnte kein Dump gelesen werden</translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) dropped together; opened %1 only (one job at a time). Not opened: %2</source>
        <translation>
            <numerusform>%n Element zusammen abgelegt; nur %1 geöffnet (ein Job auf einmal). Nicht geöffnet: %2</numerusform>
            <numerusform>%n Elemente zusammen abgelegt; nur %1 geöffnet (ein Job auf einmal). Nicht geöffnet: %2</numerusform>
        </translation>
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
</context>
<context>
    <name>fd::MainWindow</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>FlightDeck</source>
        <translation>FlightDeck</translation>
    </message>
    <message>
        <source>Reading %1 …</source>
        <translation>Lese %1 …</translation>
    </message>
    <message>
        <source>Loading %1</source>
        <translation>Lade %1</translation>
    </message>
    <message>
        <source>Analysing …</source>
        <translation>Analysiere …</translation>
    </message>
    <message numerus="yes">
        <source>%n dump(s), %1 entries</source>
        <translation>
            <numerusform>%n Dump, %1 Einträge</numerusform>
            <numerusform>%n Dumps, %1 Einträge</numerusform>
        </translation>
    </message>
    <message>
        <source>Loading cancelled</source>
        <translation>Laden abgebrochen</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Collectives</source>
        <translation>Kollektive</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>Befunde</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Ranks</translation>
    </message>
    <message>
        <source>Process groups</source>
        <translation>Prozessgruppen</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <source>Durations</source>
        <translation>Dauern</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>Diagramme</translation>
    </message>
    <message>
        <source>Load problems</source>
        <translation>Ladeprobleme</translation>
    </message>
    <message>
        <source>Explain</source>
        <translation>Erklären</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open directory or prefix…</source>
        <translation>Verzeichnis oder Präfix ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open dump directory</source>
        <translation>Dump-Verzeichnis öffnen</translation>
    </message>
    <message>
        <source>Open &amp;archive…</source>
        <translation>Arc&amp;hiv öffnen…</translation>
    </message>
    <message>
        <source>Open archive of dumps</source>
        <translation>Archiv mit Dumps öffnen</translation>
    </message>
    <message>
        <source>Archives of dumps (%1)</source>
        <translation>Archive mit Dumps (%1)</translation>
    </message>
    <message>
        <source>Open &amp;files…</source>
        <translation>&amp;Dateien öffnen…</translation>
    </message>
    <message>
        <source>Open dump files</source>
        <translation>Dump-Dateien öffnen</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Export report (PNG + JSON)…</source>
        <translation>Bericht &amp;exportieren (PNG + JSON)…</translation>
    </message>
    <message>
        <source>Export &amp;view</source>
        <translation>&amp;Ansicht exportieren</translation>
    </message>
    <message>
        <source>Timeline…</source>
        <translation>Zeitleiste…</translation>
    </message>
    <message>
        <source>Process-group graph…</source>
        <translation>Prozessgruppen-Graph…</translation>
    </message>
    <message>
        <source>Progress chart…</source>
        <translation>Fortschrittsdiagramm…</translation>
    </message>
    <message>
        <source>Duration chart…</source>
        <translation>Dauerdiagramm…</translation>
    </message>
    <message>
        <source>Whole window…</source>
        <translation>Ganzes Fenster…</translation>
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
        <source>Zoom &amp;back</source>
        <translation>Zoom &amp;zurück</translation>
    </message>
    <message>
        <source>Toggle x: sequence / wall &amp;time</source>
        <translation>x umschalten: Sequenz / &amp;Uhrzeit</translation>
    </message>
    <message>
        <source>Filter to the &amp;frontier PG</source>
        <translation>Auf die PG an der Divergenz&amp;grenze filtern</translation>
    </message>
    <message>
        <source>&amp;Clear PG filter</source>
        <translation>PG-Filter &amp;aufheben</translation>
    </message>
    <message>
        <source>&amp;Presentation mode</source>
        <translation>&amp;Präsentationsmodus</translation>
    </message>
    <message>
        <source>F&amp;ull screen</source>
        <translation>&amp;Vollbild</translation>
    </message>
    <message>
        <source>Cycle &amp;palette</source>
        <translation>&amp;Palette wechseln</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>&amp;Einstellungen</translation>
    </message>
    <message>
        <source>&amp;LLM…</source>
        <translation>&amp;LLM…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>Keyboard shortcuts (F1)</source>
        <translation>Tastenkürzel (F1)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Haupt</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Zoom back (Backspace)</source>
        <translation>Zoom zurück (Rücktaste)</translation>
    </message>
    <message>
        <source>%1 — FlightDeck</source>
        <translation>%1 — FlightDeck</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be read: see Load problems</source>
        <translation>
            <numerusform>%n Datei konnte nicht gelesen werden: siehe Ladeprobleme</numerusform>
            <numerusform>%n Dateien konnten nicht gelesen werden: siehe Ladeprobleme</numerusform>
        </translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>Bericht exportieren</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG-Bild (*.png)</translation>
    </message>
    <message>
        <source>Wrote %1 and %2</source>
        <translation>%1 und %2 geschrieben</translation>
    </message>
    <message>
        <source>Export view</source>
        <translation>Ansicht exportieren</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG-Bild (*.png);;SVG-Zeichnung (*.svg)</translation>
    </message>
    <message>
        <source>Back to the &amp;evidence</source>
        <translation>Zurück zu den &amp;Belegen</translation>
    </message>
    <message>
        <source>Show &amp;all</source>
        <translation>&amp;Alles zeigen</translation>
    </message>
    <message>
        <source>Show every collective and the whole graph (A)</source>
        <translation>Jedes Kollektiv und den ganzen Graphen zeigen (A)</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Belege</translation>
    </message>
    <message>
        <source>Back to the frontier and the collectives just before it (0)</source>
        <translation>Zurück zur Divergenzgrenze und den Kollektiven kurz davor (0)</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Dateien</translation>
    </message>
    <message>
        <source>Stragglers</source>
        <translation>Nachzügler</translation>
    </message>
    <message>
        <source>Trace written to %1: open it in the Perfetto UI (ui.perfetto.dev)</source>
        <translation>Trace nach %1 geschrieben: in der Perfetto-Oberfläche öffnen (ui.perfetto.dev)</translation>
    </message>
    <message>
        <source>Export trace</source>
        <translation>Trace exportieren</translation>
    </message>
    <message>
        <source>Stragglers chart…</source>
        <translation>Nachzügler-Diagramm…</translation>
    </message>
    <message>
        <source>Trace (Perfetto, chrome://tracing)…</source>
        <translation>Trace (Perfetto, chrome://tracing)…</translation>
    </message>
    <message>
        <source>Trace-event JSON (*.json)</source>
        <translation>Trace-Event-JSON (*.json)</translation>
    </message>
    <message>
        <source>Writing the trace to %1 …</source>
        <translation>Trace wird nach %1 geschrieben …</translation>
    </message>
</context>
<context>
    <name>fd::PgBandGutter</name>
    <message>
        <source>Process-group bands</source>
        <translation>Prozessgruppen-Ebenen</translation>
    </message>
</context>
<context>
    <name>fd::PgGraph</name>
    <message>
        <source>(no description)</source>
        <translation>(keine Beschreibung)</translation>
    </message>
    <message>
        <source>%1 · PG %2</source>
        <translation>%1 · PG %2</translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s): %1</source>
        <translation>
            <numerusform>%n Rank: %1</numerusform>
            <numerusform>%n Ranks: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>culprit %1</source>
        <translation>Verursacher %1</translation>
    </message>
    <message>
        <source>%1 missing</source>
        <translation>%1 fehlend</translation>
    </message>
    <message>
        <source>%1 stuck</source>
        <translation>%1 hängend</translation>
    </message>
    <message>
        <source>ranks %1</source>
        <translation>Ranks %1</translation>
    </message>
    <message numerus="yes">
        <source>%n unhealthy</source>
        <translation>
            <numerusform>%n fehlerhaft</numerusform>
            <numerusform>%n fehlerhaft</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 ✗</source>
        <translation>%1 ✗</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message numerus="yes">
        <source>%n waiting</source>
        <translation>
            <numerusform>%n wartend</numerusform>
            <numerusform>%n wartend</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n PG(s) of %1 with the same status: %2</source>
        <translation>
            <numerusform>%n PG von %1 mit gleichem Status: %2</numerusform>
            <numerusform>%n PGs von %1 mit gleichem Status: %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Click to show each PG</source>
        <translation>Klicken, um jede PG einzeln zu zeigen</translation>
    </message>
    <message numerus="yes">
        <source>%n with missing ranks</source>
        <translation>
            <numerusform>%n mit fehlenden Ranks</numerusform>
            <numerusform>%n mit fehlenden Ranks</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fd::PgGraphView</name>
    <message>
        <source>Process-group graph</source>
        <translation>Prozessgruppen-Graph</translation>
    </message>
    <message numerus="yes">
        <source>%n shared rank(s)</source>
        <translation>
            <numerusform>%n gemeinsamer Rank</numerusform>
            <numerusform>%n gemeinsame Ranks</numerusform>
        </translation>
    </message>
    <message>
        <source>(no description)</source>
        <translation>(keine Beschreibung)</translation>
    </message>
</context>
<context>
    <name>fd::PgWaitLabel</name>
    <message>
        <source>cycle</source>
        <translation>Zyklus</translation>
    </message>
    <message>
        <source>waits on</source>
        <translation>wartet auf</translation>
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
    <name>fd::ProgressChart</name>
    <message>
        <source>Progress per rank: select a process group</source>
        <translation>Fortschritt pro Rank: wählen Sie eine Prozessgruppe</translation>
    </message>
    <message>
        <source>Progress per rank in %1</source>
        <translation>Fortschritt pro Rank in %1</translation>
    </message>
    <message>
        <source>last enqueued</source>
        <translation>zuletzt eingereiht</translation>
    </message>
    <message>
        <source>last completed</source>
        <translation>zuletzt abgeschlossen</translation>
    </message>
    <message>
        <source>sequence id</source>
        <translation>Sequenz-ID</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message numerus="yes">
        <source>%n ranks: %1</source>
        <translation>
            <numerusform>%n Rank: %1</numerusform>
            <numerusform>%n Ranks: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (and %n more rank(s) further ahead)</source>
        <translation>
            <numerusform> (und %n weiterer Rank, der weiter ist)</numerusform>
            <numerusform> (und %n weitere Ranks, die weiter sind)</numerusform>
        </translation>
    </message>
    <message>
        <source>ranks (least progress first)</source>
        <translation>Ranks (geringster Fortschritt zuerst)</translation>
    </message>
</context>
<context>
    <name>fd::ProgressPicture</name>
    <message>
        <source>Two snapshots, %1 s apart: %2 → %3</source>
        <translation>Zwei Schnappschüsse, %1 s auseinander: %2 → %3</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keines</translation>
    </message>
    <message numerus="yes">
        <source>and %n more row(s) not shown</source>
        <translation>
            <numerusform>und %n weitere Zeile nicht gezeigt</numerusform>
            <numerusform>und %n weitere Zeilen nicht gezeigt</numerusform>
        </translation>
    </message>
    <message>
        <source>earlier</source>
        <translation>früher</translation>
    </message>
    <message>
        <source>later</source>
        <translation>später</translation>
    </message>
    <message>
        <source>PG</source>
        <translation>PG</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>Rank %1</translation>
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
    <name>fd::SeverityTableModel</name>
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
    <message>
        <source>The stack frames could not be read: %1</source>
        <translation>Die Stack-Frames konnten nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Reading the stack frames of rank %1 from %2…</source>
        <translation>Stack-Frames von Rank %1 werden aus %2 gelesen…</translation>
    </message>
    <message>
        <source>No stack frames were recorded for this entry.</source>
        <translation>Für diesen Eintrag wurden keine Stack-Frames aufgezeichnet.</translation>
    </message>
    <message>
        <source>This rank&apos;s dump carries no stack frames.</source>
        <translation>Der Dump dieses Ranks enthält keine Stack-Frames.</translation>
    </message>
    <message>
        <source>thread %1 (%2)</source>
        <translation>Thread %1 (%2)</translation>
    </message>
    <message>
        <source>op id %1</source>
        <translation>Op-ID %1</translation>
    </message>
    <message>
        <source>timeout %1</source>
        <translation>Timeout %1</translation>
    </message>
</context>
<context>
    <name>fd::StragglerChart</name>
    <message>
        <source>Lateness per rank: no collective carries the times of two ranks</source>
        <translation>Verspätung pro Rank: kein Kollektiv trägt die Zeiten zweier Ranks</translation>
    </message>
    <message>
        <source>GPU start lateness per rank against its peers (median over its collectives)</source>
        <translation>GPU-Startverspätung pro Rank gegenüber seinen Partnern (Median über seine Kollektive)</translation>
    </message>
    <message>
        <source>Lateness per rank against its peers (median over its collectives)</source>
        <translation>Verspätung pro Rank gegenüber seinen Partnern (Median über seine Kollektive)</translation>
    </message>
    <message>
        <source>median lateness</source>
        <translation>mittlere Verspätung (Median)</translation>
    </message>
    <message>
        <source>straggler</source>
        <translation>Nachzügler</translation>
    </message>
    <message>
        <source>rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>ms after the peers&apos; median</source>
        <translation>ms nach dem Median der Partner</translation>
    </message>
    <message>
        <source>GPU start lateness of %1 ranks against their peers, sorted (median over their collectives)</source>
        <translation>GPU-Startverspätung von %1 Ranks gegenüber ihren Partnern, sortiert (Median über ihre Kollektive)</translation>
    </message>
    <message>
        <source>Lateness of %1 ranks against their peers, sorted (median over their collectives)</source>
        <translation>Verspätung von %1 Ranks gegenüber ihren Partnern, sortiert (Median über ihre Kollektive)</translation>
    </message>
    <message>
        <source>ranks, least late first</source>
        <translation>Ranks, die pünktlichsten zuerst</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <comment>rank, host</comment>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>hover a bar for its host</source>
        <translation>Host im Tooltip des Balkens</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>host: its ranks</comment>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>rank (%1)</source>
        <translation>Rank (%1)</translation>
    </message>
    <message>
        <source>a median %1 ms after its peers</source>
        <translation>im Median %1 ms nach seinen Peers</translation>
    </message>
    <message>
        <source>a median %1 ms before its peers</source>
        <translation>im Median %1 ms vor seinen Peers</translation>
    </message>
    <message>
        <source>A straggler</source>
        <translation>Ein Nachzügler</translation>
    </message>
</context>
<context>
    <name>fd::TimelineControls</name>
    <message>
        <source>x: sequence</source>
        <translation>x: Sequenz</translation>
    </message>
    <message>
        <source>x: wall time</source>
        <translation>x: Uhrzeit</translation>
    </message>
    <message>
        <source>Sequence ids within the PG (record order without a PG filter), or wall-clock time (T)</source>
        <translation>Sequenz-IDs innerhalb der PG (Eintragsreihenfolge ohne PG-Filter) oder Uhrzeit (T)</translation>
    </message>
    <message>
        <source>lanes by rank</source>
        <translation>Spuren nach Rank</translation>
    </message>
    <message>
        <source>lanes by PG</source>
        <translation>Spuren nach PG</translation>
    </message>
    <message>
        <source>lanes by progress</source>
        <translation>Spuren nach Fortschritt</translation>
    </message>
    <message>
        <source>With lanes by PG: the kind of PG that groups the lanes</source>
        <translation>Bei Spuren nach PG: die Art der PG, nach der die Spuren gruppiert werden</translation>
    </message>
    <message>
        <source>Show only one process group&apos;s ranks and collectives</source>
        <translation>Nur die Ranks und Kollektive einer Prozessgruppe anzeigen</translation>
    </message>
    <message>
        <source>First rank shown</source>
        <translation>Erster angezeigter Rank</translation>
    </message>
    <message>
        <source>Last rank shown</source>
        <translation>Letzter angezeigter Rank</translation>
    </message>
    <message>
        <source>ranks</source>
        <translation>Ranks</translation>
    </message>
    <message>
        <source>all process groups</source>
        <translation>alle Prozessgruppen</translation>
    </message>
</context>
<context>
    <name>fd::TimelineHeader</name>
    <message>
        <source>%1 ✗</source>
        <translation>%1 ✗</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message>
        <source>Rank %1: no dump</source>
        <translation>Rank %1: kein Dump</translation>
    </message>
    <message>
        <source>Rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message>
        <source>Culprit</source>
        <translation>Verursacher</translation>
    </message>
    <message>
        <source>Culprit: %1</source>
        <translation>Verursacher: %1</translation>
    </message>
    <message>
        <source>Blocked behind a culprit</source>
        <translation>Blockiert hinter einem Verursacher</translation>
    </message>
    <message>
        <source>%1 ranks: %2</source>
        <translation>%1 Ranks: %2</translation>
    </message>
    <message>
        <source>Identical in the visible range: the same op and state in every slot</source>
        <translation>Im sichtbaren Bereich identisch: in jedem Slot dieselbe Operation und derselbe Zustand</translation>
    </message>
    <message>
        <source>Click or press Enter to show each rank</source>
        <translation>Klicken oder Enter drücken, um jeden Rank einzeln zu zeigen</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <comment>rank, host</comment>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Hosts: %1 and %2 more</source>
        <translation>Hosts: %1 und %2 weitere</translation>
    </message>
    <message>
        <source>Hosts: %1</source>
        <translation>Hosts: %1</translation>
    </message>
    <message>
        <source>Rank %1 on host %2</source>
        <translation>Rank %1 auf Host %2</translation>
    </message>
    <message>
        <source>Older entries: rank %1&apos;s (the group matches in the loaded window only); show each rank for theirs</source>
        <translation>Ältere Einträge: die von Rang %1 (die Gruppe stimmt nur im geladenen Fenster überein); jeden Rang zeigen für seine</translation>
    </message>
    <message>
        <source>%1 ranks: %2, …</source>
        <translation>%1 Ranks: %2, …</translation>
    </message>
    <message>
        <source>%1 ranks</source>
        <translation>%1 Ranks</translation>
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
    <message>
        <source>Inside a coalesced group: its terminator %1 is %2 (inner ops always say scheduled)</source>
        <translation>Innerhalb einer zusammengefassten Gruppe: ihr Abschluss %1 ist %2 (innere Ops melden immer „eingeplant“)</translation>
    </message>
    <message>
        <source>joined %1 ms after its peers&apos; median</source>
        <translation>%1 ms nach dem Median seiner Partner eingestiegen</translation>
    </message>
    <message>
        <source>joined %1 ms before its peers&apos; median</source>
        <translation>%1 ms vor dem Median seiner Partner eingestiegen</translation>
    </message>
    <message>
        <source>A straggler here: a median %1 ms late over %2 collectives</source>
        <translation>Hier ein Nachzügler: im Median %1 ms zu spät über %2 Kollektive</translation>
    </message>
    <message>
        <source>Rank %1 · %2 · %3</source>
        <translation>Rank %1 · %2 · %3</translation>
    </message>
    <message>
        <source>Entry %1 of %2 in the file: older than the window the analysis judged, read again on demand</source>
        <translation>Eintrag %1 von %2 in der Datei: älter als das Fenster, das die Analyse beurteilt hat, bei Bedarf erneut gelesen</translation>
    </message>
    <message>
        <source>Read again from %1</source>
        <translation>Erneut gelesen aus %1</translation>
    </message>
</context>
<context>
    <name>fd::TimelineLegend</name>
    <message>
        <source>frontier</source>
        <translation>Divergenzgrenze</translation>
    </message>
    <message>
        <source>culprit rank</source>
        <translation>Verursacher-Rank</translation>
    </message>
</context>
<context>
    <name>fd::TimelinePainter</name>
    <message>
        <source>time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>seq</source>
        <translation>Seq.</translation>
    </message>
    <message>
        <source>from end</source>
        <translation>vor Ende</translation>
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
    <message>
        <source>Laying out …</source>
        <translation>Layout wird berechnet …</translation>
    </message>
    <message>
        <source>rank %1: all %2 entries of its dump</source>
        <translation>Rank %1: alle %2 Einträge seines Dumps</translation>
    </message>
    <message>
        <source>loading older entries of rank %1…</source>
        <translation>lade ältere Einträge von Rank %1…</translation>
    </message>
    <message>
        <source>rank %1&apos;s older entries could not be read again: %2</source>
        <translation>Die älteren Einträge von Rank %1 konnten nicht erneut gelesen werden: %2</translation>
    </message>
    <message>
        <source>rank %1: all %2 entries, %3 read again from its dump</source>
        <translation>Rank %1: alle %2 Einträge, %3 erneut aus seinem Dump gelesen</translation>
    </message>
    <message>
        <source>rank %1: newest %2 of %3 entries; older shaded by density (zoom in to read)</source>
        <translation>Rank %1: neueste %2 von %3 Einträgen; ältere nach Dichte schattiert (zum Lesen hineinzoomen)</translation>
    </message>
    <message>
        <source>rank %1: newest %2 of %3 entries; older on demand</source>
        <translation>Rank %1: neueste %2 von %3 Einträgen; ältere bei Bedarf</translation>
    </message>
    <message>
        <source>Rank %1: older entry %2 #%3, read again from its dump</source>
        <translation>Rang %1: älterer Eintrag %2 #%3, erneut aus seinem Dump gelesen</translation>
    </message>
    <message>
        <source>a row of %1 ranks showing rank %2&apos;s older entries; %3</source>
        <translation>eine Zeile aus %1 Rängen mit den älteren Einträgen von Rang %2; %3</translation>
    </message>
</context>
<context>
    <name>fd::VerdictBanner</name>
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
        <source>FlightDeck</source>
        <translation>FlightDeck</translation>
    </message>
    <message>
        <source>No dump read</source>
        <translation>Kein Dump gelesen</translation>
    </message>
    <message>
        <source>No dump could be read from %1: Load problems says why.</source>
        <translation>Aus %1 konnte kein Dump gelesen werden: Ladeprobleme nennt den Grund.</translation>
    </message>
    <message>
        <source>Open a Flight Recorder dump directory, files or a prefix (Ctrl+O), or drop them here.</source>
        <translation>Öffnen Sie ein Flight-Recorder-Dump-Verzeichnis, Dateien oder ein Präfix (Strg+O), oder legen Sie sie hier ab.</translation>
    </message>
    <message>
        <source>No explanation given.</source>
        <translation>Keine Erklärung angegeben.</translation>
    </message>
    <message>
        <source>Culprit ranks: %1</source>
        <translation>Verursachende Ranks: %1</translation>
    </message>
    <message>
        <source>frontier: %1 #%2 on %3</source>
        <translation>Divergenzgrenze: %1 #%2 auf %3</translation>
    </message>
    <message>
        <source>Loading</source>
        <translation>Lade</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Unbekannt</translation>
    </message>
    <message>
        <source>Advancing</source>
        <translation>Läuft weiter</translation>
    </message>
    <message>
        <source>Hung</source>
        <translation>Hängt</translation>
    </message>
    <message>
        <source>Compared with the capture before (%1).</source>
        <translation>Verglichen mit der Erfassung davor (%1).</translation>
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
    <message>
        <source>inside coalesced group</source>
        <translation>in zusammengefasster Gruppe</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Cannot write %1</source>
        <translation>%1 kann nicht geschrieben werden</translation>
    </message>
    <message>
        <source>Visual debugger for PyTorch Flight Recorder dumps</source>
        <translation>Visueller Debugger für PyTorch-Flight-Recorder-Dumps</translation>
    </message>
    <message>
        <source>Dump directory, archive of dumps, dump file or path prefix</source>
        <translation>Dump-Verzeichnis, Archiv mit Dumps, Dump-Datei oder Pfadpräfix</translation>
    </message>
    <message>
        <source>Write the report picture to &lt;file&gt; and exit</source>
        <translation>Das Berichtsbild nach &lt;Datei&gt; schreiben und beenden</translation>
    </message>
    <message>
        <source>Write the JSON report to &lt;file&gt; and exit</source>
        <translation>Den JSON-Bericht nach &lt;Datei&gt; schreiben und beenden</translation>
    </message>
    <message>
        <source>--export-png/--export-json need one PATH</source>
        <translation>--export-png/--export-json benötigen genau einen PFAD</translation>
    </message>
    <message>
        <source>--watch takes one folder and no PATH</source>
        <translation>--watch braucht genau einen Ordner und keinen PFAD</translation>
    </message>
</context>
</TS>
