<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>fd::CaptureAnalysis</name>
    <message>
        <source>rank %1 wrote no dump after its pipe trigger (%2): the thread that reads the pipe is stuck, or the process is gone</source>
        <translation>Rank %1 hat nach dem Auslösen über seine Pipe keinen Dump geschrieben (%2): Der Thread, der die Pipe liest, hängt, oder der Prozess ist beendet</translation>
    </message>
    <message>
        <source>rank %1 did not answer its worker server (%2): the server runs on a thread of its own, so a process that cannot answer it is stuck hard (e.g. in C++ holding the GIL) or gone</source>
        <translation>Rank %1 hat über seinen Worker-Server nicht geantwortet (%2): Der Server läuft in einem eigenen Thread, ein Prozess, der ihn nicht bedienen kann, hängt also fest (z. B. in C++ mit gehaltener GIL) oder ist beendet</translation>
    </message>
</context>
<context>
    <name>fd::CaptureEndpoint</name>
    <message>
        <source>no Unix socket matches %1</source>
        <translation>Kein Unix-Socket passt auf %1</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not host:port</source>
        <translation>„%1“ hat nicht die Form host:port</translation>
    </message>
    <message>
        <source>%1 is not a loopback address; pass --allow-remote to capture from another host</source>
        <translation>%1 ist keine Loopback-Adresse; mit --allow-remote wird auch von anderen Hosts erfasst</translation>
    </message>
    <message>
        <source>no host:port given</source>
        <translation>kein host:port angegeben</translation>
    </message>
</context>
<context>
    <name>fd::CaptureFolder</name>
    <message>
        <source>cannot create the output folder %1</source>
        <translation>Der Ausgabeordner %1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>cannot create %1</source>
        <translation>%1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>the dump&apos;s process groups name rank %1, not %2; kept as rank %1</source>
        <translation>die Prozessgruppen des Dumps nennen Rank %1, nicht %2; als Rank %1 gespeichert</translation>
    </message>
    <message>
        <source>neither the dump nor its source names a rank</source>
        <translation>weder der Dump noch seine Quelle nennt einen Rank</translation>
    </message>
    <message>
        <source>a dump of rank %1 is already in the capture; this one is not kept</source>
        <translation>ein Dump von Rank %1 ist schon in der Erfassung; dieser wird nicht gespeichert</translation>
    </message>
    <message>
        <source>cannot rename %1 to %2</source>
        <translation>%1 kann nicht in %2 umbenannt werden</translation>
    </message>
</context>
<context>
    <name>fd::CaptureResult</name>
    <message>
        <source>rank %1 (%2): %3, %4 bytes -&gt; %5</source>
        <translation>Rank %1 (%2): %3, %4 Bytes -&gt; %5</translation>
    </message>
    <message>
        <source>rank %1 (%2): no answer: %3</source>
        <translation>Rank %1 (%2): keine Antwort: %3</translation>
    </message>
    <message>
        <source>rank %1 (%2): %3</source>
        <translation>Rank %1 (%2): %3</translation>
    </message>
</context>
<context>
    <name>fd::CapturedDump</name>
    <message>
        <source>truncated pickle (%1 bytes, no STOP at the end)</source>
        <translation>abgeschnittener Pickle (%1 Bytes, kein STOP am Ende)</translation>
    </message>
    <message>
        <source>byte %1: </source>
        <translation>Byte %1: </translation>
    </message>
    <message>
        <source>not a Flight Recorder dump (%1 bytes): %2%3</source>
        <translation>kein Flight-Recorder-Dump (%1 Bytes): %2%3</translation>
    </message>
</context>
<context>
    <name>fd::HttpResponseParser</name>
    <message>
        <source>the response headers are longer than %1 bytes</source>
        <translation>die Antwort-Header sind länger als %1 Bytes</translation>
    </message>
    <message>
        <source>not an HTTP response (it starts with &quot;%1&quot;)</source>
        <translation>keine HTTP-Antwort (sie beginnt mit „%1“)</translation>
    </message>
    <message>
        <source>the server answered with a redirect (HTTP %1), which capture does not follow</source>
        <translation>der Server antwortete mit einer Weiterleitung (HTTP %1), der die Erfassung nicht folgt</translation>
    </message>
    <message>
        <source>bad Content-Length &quot;%1&quot;</source>
        <translation>ungültige Content-Length „%1“</translation>
    </message>
    <message>
        <source>the answer is %1 bytes, over the %2-byte cap</source>
        <translation>die Antwort hat %1 Bytes, mehr als die Obergrenze von %2 Bytes</translation>
    </message>
    <message>
        <source>the answer is over the %1-byte cap</source>
        <translation>die Antwort überschreitet die Obergrenze von %1 Bytes</translation>
    </message>
    <message>
        <source>the connection closed without an answer</source>
        <translation>die Verbindung wurde ohne Antwort geschlossen</translation>
    </message>
    <message>
        <source>the connection closed inside the headers</source>
        <translation>die Verbindung wurde mitten in den Headern geschlossen</translation>
    </message>
    <message>
        <source>the answer was cut off after %1 bytes</source>
        <translation>die Antwort brach nach %1 Bytes ab</translation>
    </message>
    <message>
        <source>a chunk of a chunked answer does not end with CRLF</source>
        <translation>ein Chunk einer Chunked-Antwort endet nicht mit CRLF</translation>
    </message>
    <message>
        <source>a chunk-size line of a chunked answer is longer than %1 bytes</source>
        <translation>eine Chunk-Größen-Zeile einer Chunked-Antwort ist länger als %1 Bytes</translation>
    </message>
    <message>
        <source>bad chunk size &quot;%1&quot; in a chunked answer</source>
        <translation>ungültige Chunk-Größe &quot;%1&quot; in einer Chunked-Antwort</translation>
    </message>
</context>
<context>
    <name>fd::LiveCapture</name>
    <message>
        <source>no worker server to capture from</source>
        <translation>kein Worker-Server zum Erfassen</translation>
    </message>
    <message>
        <source>handler list: %1</source>
        <translation>Handler-Liste: %1</translation>
    </message>
    <message>
        <source>handler list is not a JSON array: %1</source>
        <translation>die Handler-Liste ist kein JSON-Array: %1</translation>
    </message>
    <message>
        <source>the worker server has no Flight Recorder handler (it offers: %1)</source>
        <translation>der Worker-Server hat keinen Flight-Recorder-Handler (er bietet: %1)</translation>
    </message>
</context>
<context>
    <name>fd::PipeCapture</name>
    <message>
        <source>%1 is not a named pipe; not written to</source>
        <translation>%1 ist keine benannte Pipe; es wird nicht hineingeschrieben</translation>
    </message>
    <message>
        <source>no pipe matches %1&lt;rank&gt;.pipe</source>
        <translation>keine Pipe passt auf %1&lt;rank&gt;.pipe</translation>
    </message>
    <message>
        <source>no process reads %1 (the rank is gone, or not an NCCL rank)</source>
        <translation>kein Prozess liest %1 (der Rank ist beendet oder kein NCCL-Rank)</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>cannot write to %1: %2</source>
        <translation>in %1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>no pipe to trigger</source>
        <translation>keine Pipe zum Auslösen</translation>
    </message>
    <message>
        <source>%1 is %2 bytes, over the %3-byte cap</source>
        <translation>%1 hat %2 Bytes, mehr als die Obergrenze von %3 Bytes</translation>
    </message>
    <message>
        <source>%1 was still incomplete after %2 ms (%3 bytes)</source>
        <translation>%1 war nach %2 ms noch unvollständig (%3 Bytes)</translation>
    </message>
    <message>
        <source>no new dump at %1 within %2 ms of the trigger</source>
        <translation>kein neuer Dump in %1 innerhalb von %2 ms nach dem Auslösen</translation>
    </message>
</context>
<context>
    <name>fd::SocketHttpRequest</name>
    <message>
        <source>no answer within %1 ms</source>
        <translation>keine Antwort innerhalb von %1 ms</translation>
    </message>
    <message>
        <source>HTTP %1: %2</source>
        <translation>HTTP %1: %2</translation>
    </message>
</context>
<context>
    <name>fd::cli</name>
    <message>
        <source>Analyze collective operations across PyTorch Flight Recorder dump files: find where the ranks diverged, which ranks are responsible, and whether a restart can help.

</source>
        <translation>Analysiert kollektive Operationen über PyTorch-Flight-Recorder-Dumps hinweg: findet, wo die Ranks auseinanderliefen, welche Ranks verantwortlich sind und ob ein Neustart helfen kann.

</translation>
    </message>
    <message>
        <source>Show this help and exit.</source>
        <translation>Diese Hilfe anzeigen und beenden.</translation>
    </message>
    <message>
        <source>Show the version and exit.</source>
        <translation>Die Version anzeigen und beenden.</translation>
    </message>
    <message>
        <source>Path to the dumps: a directory (files matching --pattern), an archive (.tar, .tar.gz, .tgz, .tar.zst, .tar.xz, .zip), a single dump file, or a path prefix.</source>
        <translation>Pfad zu den Dumps: ein Verzeichnis (Dateien, die zu --pattern passen), ein Archiv (.tar, .tar.gz, .tgz, .tar.zst, .tar.xz, .zip), eine einzelne Dump-Datei oder ein Pfadpräfix.</translation>
    </message>
    <message>
        <source>path</source>
        <translation>Pfad</translation>
    </message>
    <message>
        <source>File pattern to match in a directory (default: _dump_*).</source>
        <translation>Dateimuster für die Suche in einem Verzeichnis (Standard: _dump_*).</translation>
    </message>
    <message>
        <source>pattern</source>
        <translation>Muster</translation>
    </message>
    <message>
        <source>Verbose output: per-rank tables.</source>
        <translation>Ausführliche Ausgabe: Tabellen pro Rank.</translation>
    </message>
    <message>
        <source>Show node health check results.</source>
        <translation>Ergebnisse der Knoten-Zustandsprüfung anzeigen.</translation>
    </message>
    <message>
        <source>Use an LLM to explain the findings.</source>
        <translation>Die Befunde von einem LLM erklären lassen.</translation>
    </message>
    <message>
        <source>Model to use for LLM analysis (default: $NVRX_LLM_MODEL, else %1).</source>
        <translation>Modell für die LLM-Analyse (Standard: $NVRX_LLM_MODEL, sonst %1).</translation>
    </message>
    <message>
        <source>model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>OpenAI-compatible base URL for LLM analysis (default: $NVRX_LLM_BASE_URL, else %1).</source>
        <translation>OpenAI-kompatible Basis-URL für die LLM-Analyse (Standard: $NVRX_LLM_BASE_URL, sonst %1).</translation>
    </message>
    <message>
        <source>url</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Convert each dump to JSON for debugging (into --debug-dir, default &lt;dump folder&gt;/flightdeck-json, or &lt;archive&gt;-flightdeck-json beside an archive).</source>
        <translation>Jeden Dump zur Fehlersuche nach JSON umwandeln (nach --debug-dir, Standard &lt;Dump-Ordner&gt;/flightdeck-json, bei einem Archiv &lt;Archiv&gt;-flightdeck-json daneben).</translation>
    </message>
    <message>
        <source>Emit the result on stdout (accepted for fr_attribution.py compatibility: FlightDeck always does).</source>
        <translation>Das Ergebnis auf stdout ausgeben (zur Kompatibilität mit fr_attribution.py akzeptiert: FlightDeck tut das immer).</translation>
    </message>
    <message>
        <source>Exit with 1 when a hang was found and 4 when the verdict is unknown, like git diff --exit-code (default: 0 whenever the analysis ran).</source>
        <translation>Mit 1 beenden, wenn ein Hänger gefunden wurde, und mit 4, wenn das Urteil unknown ist, wie git diff --exit-code (Standard: 0, sobald die Analyse lief).</translation>
    </message>
    <message>
        <source>Write the JSON report to FILE (&apos;-&apos; for stdout).</source>
        <translation>Den JSON-Bericht nach DATEI schreiben (&apos;-&apos; für stdout).</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>DATEI</translation>
    </message>
    <message>
        <source>Output format on stdout: text or json (default: text).</source>
        <translation>Ausgabeformat auf stdout: text oder json (Standard: text).</translation>
    </message>
    <message>
        <source>Folder for --debug&apos;s JSON files.</source>
        <translation>Ordner für die JSON-Dateien von --debug.</translation>
    </message>
    <message>
        <source>DIR</source>
        <translation>ORDNER</translation>
    </message>
    <message>
        <source>
Try --help.</source>
        <translation>
Siehe --help.</translation>
    </message>
    <message>
        <source>--fr-path is required. Try --help.</source>
        <translation>--fr-path ist erforderlich. Siehe --help.</translation>
    </message>
    <message>
        <source>--format must be text or json, not &apos;%1&apos;.</source>
        <translation>--format muss text oder json sein, nicht &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>Capture a fresh Flight Recorder dump from every rank of a running job, through torch&apos;s worker servers (--socket, --hosts) or NCCL&apos;s dump pipes (--pipe), into a new &lt;out&gt;/capture-&lt;UTC time&gt;/ folder, then analyse it like --fr-path.</source>
        <translation>Erfasst einen frischen Flight-Recorder-Dump von jedem Rank eines laufenden Jobs, über die Worker-Server von torch (--socket, --hosts) oder die Dump-Pipes von NCCL (--pipe), in einen neuen Ordner &lt;out&gt;/capture-&lt;UTC-Zeit&gt;/ und analysiert ihn dann wie --fr-path.</translation>
    </message>
    <message>
        <source>Glob of the ranks&apos; Unix sockets (TORCH_WORKER_SERVER_SOCKET of each rank), e.g. &apos;/tmp/job/worker_*.sock&apos;.</source>
        <translation>Glob-Muster der Unix-Sockets der Ranks (TORCH_WORKER_SERVER_SOCKET jedes Ranks), z. B. &apos;/tmp/job/worker_*.sock&apos;.</translation>
    </message>
    <message>
        <source>glob</source>
        <translation>Muster</translation>
    </message>
    <message>
        <source>Comma-separated host:port list of the ranks&apos; worker servers, in rank order.</source>
        <translation>Kommagetrennte host:port-Liste der Worker-Server der Ranks, in Rank-Reihenfolge.</translation>
    </message>
    <message>
        <source>list</source>
        <translation>Liste</translation>
    </message>
    <message>
        <source>NCCL jobs: the TORCH_NCCL_DEBUG_INFO_PIPE_FILE of the ranks on this node; writes to every &lt;stem&gt;&lt;rank&gt;.pipe and copies each new dump &lt;prefix&gt;&lt;rank&gt;.</source>
        <translation>NCCL-Jobs: TORCH_NCCL_DEBUG_INFO_PIPE_FILE der Ranks auf diesem Knoten; schreibt in jede &lt;stem&gt;&lt;rank&gt;.pipe und kopiert jeden neuen Dump &lt;prefix&gt;&lt;rank&gt;.</translation>
    </message>
    <message>
        <source>stem</source>
        <translation>Stamm</translation>
    </message>
    <message>
        <source>With --pipe: the ranks&apos; TORCH_FR_DUMP_TEMP_FILE (default: that variable, else TORCH_NCCL_DEBUG_INFO_TEMP_FILE, from this environment).</source>
        <translation>Mit --pipe: TORCH_FR_DUMP_TEMP_FILE der Ranks (Standard: diese Variable, sonst TORCH_NCCL_DEBUG_INFO_TEMP_FILE, aus dieser Umgebung).</translation>
    </message>
    <message>
        <source>prefix</source>
        <translation>Präfix</translation>
    </message>
    <message>
        <source>Folder that receives the capture folder (default: .).</source>
        <translation>Ordner, in den der Erfassungsordner kommt (Standard: .).</translation>
    </message>
    <message>
        <source>Seconds each rank has to answer (default: 10).</source>
        <translation>Sekunden, die jeder Rank zum Antworten hat (Standard: 10).</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>Largest dump accepted from one rank, in MiB (default: 512).</source>
        <translation>Größter angenommener Dump eines Ranks, in MiB (Standard: 512).</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>Allow worker servers on other hosts (default: loopback only).</source>
        <translation>Worker-Server auf anderen Hosts erlauben (Standard: nur Loopback).</translation>
    </message>
    <message>
        <source>
Try capture --help.</source>
        <translation>
Siehe capture --help.</translation>
    </message>
    <message>
        <source>--timeout must be a number of seconds between 0 and 3600.</source>
        <translation>--timeout muss eine Sekundenzahl zwischen 0 und 3600 sein.</translation>
    </message>
    <message>
        <source>--max-dump-mb must be a number between 1 and 1048576.</source>
        <translation>--max-dump-mb muss eine Zahl zwischen 1 und 1048576 sein.</translation>
    </message>
    <message>
        <source>Give exactly one of --socket GLOB, --hosts LIST or --pipe STEM.</source>
        <translation>Genau eines von --socket GLOB, --hosts LIST oder --pipe STEM angeben.</translation>
    </message>
    <message>
        <source>--pipe needs the ranks&apos; dump file prefix: --dump-prefix or TORCH_FR_DUMP_TEMP_FILE.</source>
        <translation>--pipe braucht das Dump-Dateipräfix der Ranks: --dump-prefix oder TORCH_FR_DUMP_TEMP_FILE.</translation>
    </message>
    <message>
        <source>capture: %1 of %2 rank(s) into %3</source>
        <translation>capture: %1 von %2 Rank(s) nach %3</translation>
    </message>
    <message>
        <source>A job still running: &apos;flightdeck-cli capture --help&apos; pulls fresh dumps from its ranks; --watch follows a folder while dumps land (docs/capture.md).

</source>
        <translation>Ein Job, der noch läuft: &apos;flightdeck-cli capture --help&apos; holt frische Dumps von seinen Ranks; --watch verfolgt einen Ordner, während Dumps eintreffen (docs/capture.md).

</translation>
    </message>
    <message>
        <source>Follow DIR while dumps arrive: re-analyse as files land, show the missing ranks and the verdict as it stands, stop when every rank&apos;s dump is there or after --watch-timeout.</source>
        <translation>DIR verfolgen, während Dumps eintreffen: bei jeder neuen Datei neu analysieren, fehlende Ranks und das aktuelle Urteil zeigen, anhalten, sobald der Dump jedes Ranks da ist oder nach --watch-timeout.</translation>
    </message>
    <message>
        <source>Seconds --watch waits for the set to be complete (default: 600).</source>
        <translation>Sekunden, die --watch auf den vollständigen Satz wartet (Standard: 600).</translation>
    </message>
    <message>
        <source>--watch-timeout must be a positive number of seconds.</source>
        <translation>--watch-timeout muss eine positive Sekundenzahl sein.</translation>
    </message>
    <message>
        <source>watch: %1 (pattern %2), up to %3 s</source>
        <translation>watch: %1 (Muster %2), höchstens %3 s</translation>
    </message>
    <message>
        <source>watch: %1 s: %2 dump(s) of world %3; missing: %4; growing: %5; verdict: %6; hanging ranks: [%7]</source>
        <translation>watch: %1 s: %2 Dump(s) bei Weltgröße %3; fehlend: %4; wachsend: %5; Urteil: %6; hängende Ranks: [%7]</translation>
    </message>
    <message>
        <source>watch: stopped after %1 s with the set incomplete</source>
        <translation>watch: nach %1 s angehalten, der Satz ist unvollständig</translation>
    </message>
    <message>
        <source>No complete dump arrived in %1 (pattern %2).</source>
        <translation>In %1 ist kein vollständiger Dump eingetroffen (Muster %2).</translation>
    </message>
    <message>
        <source>The job&apos;s number of ranks, where the dumps do not say (gloo dumps name no group members): ranks below it without a dump are missing, and --watch waits for all of them.</source>
        <translation>Die Anzahl der Ranks des Jobs, wo die Dumps sie nicht nennen (gloo-Dumps nennen keine Gruppenmitglieder): Ranks darunter ohne Dump fehlen, und --watch wartet auf alle.</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>--world-size must be a positive number of ranks.</source>
        <translation>--world-size muss eine positive Anzahl von Ranks sein.</translation>
    </message>
    <message>
        <source>at least %1 (no dump names the world&apos;s ranks)</source>
        <translation>mindestens %1 (kein Dump nennt die Ranks des Jobs)</translation>
    </message>
    <message>
        <source>capture: no rank gave a dump; no capture folder was left in %1</source>
        <translation>capture: kein Rank lieferte einen Dump; in %1 blieb kein Erfassungsordner zurück</translation>
    </message>
    <message>
        <source>Write the job as Chrome trace-event JSON to FILE, for the Perfetto UI or chrome://tracing.</source>
        <translation>Den Job als Chrome-Trace-Event-JSON nach DATEI schreiben, für die Perfetto-Oberfläche oder chrome://tracing.</translation>
    </message>
    <message>
        <source>Only these ranks in --export-trace, e.g. 0-7,12.</source>
        <translation>Nur diese Ranks in --export-trace, z. B. 0-7,12.</translation>
    </message>
    <message>
        <source>Only these process groups (indices of the JSON report&apos;s process_groups) in --export-trace.</source>
        <translation>Nur diese Prozessgruppen (Indizes von process_groups im JSON-Bericht) in --export-trace.</translation>
    </message>
    <message>
        <source>Only each rank&apos;s last N entries in --export-trace.</source>
        <translation>Nur die letzten N Einträge jedes Ranks in --export-trace.</translation>
    </message>
    <message>
        <source>--trace-ranks and --trace-pgs take numbers and ranges (0-7,12); --trace-last a positive number.</source>
        <translation>--trace-ranks und --trace-pgs nehmen Zahlen und Bereiche (0-7,12); --trace-last eine positive Zahl.</translation>
    </message>
    <message>
        <source>--trace-ranks, --trace-pgs and --trace-last go with --export-trace FILE.</source>
        <translation>--trace-ranks, --trace-pgs und --trace-last gehören zu --export-trace DATEI.</translation>
    </message>
    <message>
        <source>Exit codes:
  0  the analysis ran, whatever it found, as fr_attribution.py (also --help, --version, --debug)
  1  only with --exit-code: the analysis found a hang (verdict CONTINUE or STOP)
  2  no usable dump (nothing found or nothing could be read)
  3  usage error
  4  an output could not be written (--json, --debug, capture&apos;s dumps, stdout), e.g. a full disk; the
     analysis still ran and was printed
  5  only with --exit-code: verdict unknown, too few ranks could be judged to rule a hang out
Environment: FR_DEBUG=1 prints debug logging to stderr; NVRX_LLM_MODEL, NVRX_LLM_BASE_URL, LLM_API_KEY,
LLM_API_KEY_FILE for -l.</source>
        <translation>Exit-Codes:
  0  die Analyse lief, was immer sie fand, wie fr_attribution.py (auch --help, --version, --debug)
  1  nur mit --exit-code: die Analyse fand einen Hänger (Urteil CONTINUE oder STOP)
  2  kein verwertbarer Dump (nichts gefunden oder nichts lesbar)
  3  Bedienungsfehler
  4  eine Ausgabe konnte nicht geschrieben werden (--json, --debug, die Dumps von capture, stdout), z. B. volle
     Platte; die Analyse lief trotzdem und wurde ausgegeben
  5  nur mit --exit-code: Urteil unknown, zu wenige Ranks konnten beurteilt werden, um einen Hänger auszuschließen
Umgebung: FR_DEBUG=1 schreibt Debug-Ausgaben nach stderr; NVRX_LLM_MODEL, NVRX_LLM_BASE_URL, LLM_API_KEY,
LLM_API_KEY_FILE für -l.</translation>
    </message>
    <message>
        <source>--llm-timeout must be a positive number of seconds.</source>
        <translation>--llm-timeout muss eine positive Anzahl von Sekunden sein.</translation>
    </message>
    <message>
        <source>watch: %1 is gone (deleted, moved or unmounted); stopping with what had arrived</source>
        <translation>watch: %1 ist weg (gelöscht, verschoben oder ausgehängt); Ende mit dem, was angekommen war</translation>
    </message>
    <message>
        <source>Seconds the whole LLM step may take, retries included, as curl&apos;s --max-time (default: %1); the analysis is printed before it starts.</source>
        <translation>Sekunden, die der ganze LLM-Schritt dauern darf, Wiederholungen eingeschlossen, wie curls --max-time (Standard: %1); die Analyse wird vorher ausgegeben.</translation>
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
</TS>
