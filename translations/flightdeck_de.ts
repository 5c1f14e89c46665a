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
    <message>
        <source>rank %1 has no usable worker server address in the job&apos;s store: %2</source>
        <translation>Rank %1 hat keine brauchbare Worker-Server-Adresse im Store des Jobs: %2</translation>
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
    <name>fd::CaptureRequest</name>
    <message>
        <source>the store lists workers up to rank %1: world size %2 (give --world-size if the job has more ranks)</source>
        <translation>der Store nennt Worker bis Rank %1: Weltgröße %2 (--world-size angeben, wenn der Job mehr Ranks hat)</translation>
    </message>
    <message>
        <source>world size %1 (--world-size)</source>
        <translation>Weltgröße %1 (--world-size)</translation>
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
    <message>
        <source>%1 answers with an HTML page: this is torch&apos;s debug frontend (the port given to start_debug_server()), not a worker server: use --store MASTER_ADDR:MASTER_PORT</source>
        <translation>%1 antwortet mit einer HTML-Seite: das ist torchs Debug-Frontend (der Port, der start_debug_server() übergeben wurde), kein Worker-Server: --store MASTER_ADDR:MASTER_PORT verwenden</translation>
    </message>
    <message>
        <source>rank %1 is its place in --hosts: the dump does not name its rank (--store takes each rank from the job&apos;s store)</source>
        <translation>Rank %1 ist seine Stelle in --hosts: der Dump nennt seinen Rank nicht (--store nimmt jeden Rank aus dem Store des Jobs)</translation>
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
    <name>fd::SnapshotProgress</name>
    <message>
        <source>rank %1&apos;s entry %2 is another collective in each (created at %3 and %4 ns): two different jobs, or two runs of one</source>
        <translation>Eintrag %2 von Rank %1 ist in beiden ein anderes Kollektiv (erzeugt bei %3 und %4 ns): zwei verschiedene Jobs oder zwei Läufe eines Jobs</translation>
    </message>
    <message>
        <source>the world has %1 ranks in one and %2 in the other</source>
        <translation>die Welt hat im einen %1 Ranks und im anderen %2</translation>
    </message>
    <message>
        <source>process group %1 has other members in each</source>
        <translation>Prozessgruppe %1 hat in beiden andere Mitglieder</translation>
    </message>
    <message>
        <source>they share no process group</source>
        <translation>sie haben keine Prozessgruppe gemeinsam</translation>
    </message>
    <message>
        <source>%1 and %2 are not two snapshots of one job: %3</source>
        <translation>%1 und %2 sind nicht zwei Schnappschüsse eines Jobs: %3</translation>
    </message>
    <message>
        <source>%1 is not a later snapshot of %2&apos;s job: rank %3 went back in process group %4 (last completed collective %5, then %6): a restart, or the two in the wrong order</source>
        <translation>%1 ist kein späterer Schnappschuss des Jobs von %2: Rank %3 ging in Prozessgruppe %4 zurück (zuletzt abgeschlossenes Kollektiv %5, dann %6): ein Neustart, oder die beiden in falscher Reihenfolge</translation>
    </message>
    <message>
        <source>hung: no rank completed a collective in %1 s between the snapshots</source>
        <translation>hängt: kein Rank hat in den %1 s zwischen den Schnappschüssen ein Kollektiv abgeschlossen</translation>
    </message>
    <message numerus="yes">
        <source>advancing: not a hang; %n rank(s) completed collectives in %1 s</source>
        <translation>
            <numerusform>läuft weiter: kein Hänger; %n Rank hat in %1 s Kollektive abgeschlossen</numerusform>
            <numerusform>läuft weiter: kein Hänger; %n Ranks haben in %1 s Kollektive abgeschlossen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>advancing: not a hang; rank %1 is slow (the others waited on it in both snapshots; %n rank(s) completed collectives in %2 s)</source>
        <translation>
            <numerusform>läuft weiter: kein Hänger; Rank %1 ist langsam (die anderen warteten in beiden Schnappschüssen auf ihn; %n Rank hat in %2 s Kollektive abgeschlossen)</numerusform>
            <numerusform>läuft weiter: kein Hänger; Rank %1 ist langsam (die anderen warteten in beiden Schnappschüssen auf ihn; %n Ranks haben in %2 s Kollektive abgeschlossen)</numerusform>
        </translation>
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
    <name>fd::StoreEndpoints</name>
    <message>
        <source>%1 is torch&apos;s debug frontend (the port given to start_debug_server()), not the job&apos;s TCPStore: use --store MASTER_ADDR:MASTER_PORT</source>
        <translation>%1 ist torchs Debug-Frontend (der Port, der start_debug_server() übergeben wurde), nicht der TCPStore des Jobs: --store MASTER_ADDR:MASTER_PORT verwenden</translation>
    </message>
    <message>
        <source>%1 is an HTTP server (a worker server?), not a TCPStore: use --store MASTER_ADDR:MASTER_PORT</source>
        <translation>%1 ist ein HTTP-Server (ein Worker-Server?), kein TCPStore: --store MASTER_ADDR:MASTER_PORT verwenden</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not host:port (the job&apos;s MASTER_ADDR:MASTER_PORT)</source>
        <translation>&apos;%1&apos; ist nicht host:port (MASTER_ADDR:MASTER_PORT des Jobs)</translation>
    </message>
    <message>
        <source>store: %1</source>
        <translation>Store: %1</translation>
    </message>
    <message>
        <source>the store at %1 has no key %2 (checked up to rank %3): the job did not call torch.distributed.debug.start_debug_server(), or not yet, or it uses another --store-prefix%4</source>
        <translation>der Store unter %1 hat keinen Schlüssel %2 (geprüft bis Rank %3): der Job hat torch.distributed.debug.start_debug_server() nicht oder noch nicht aufgerufen, oder er verwendet ein anderes --store-prefix%4</translation>
    </message>
    <message numerus="yes">
        <source>; the store holds %n key(s) in all</source>
        <translation>
            <numerusform>; der Store enthält insgesamt %n Schlüssel</numerusform>
            <numerusform>; der Store enthält insgesamt %n Schlüssel</numerusform>
        </translation>
    </message>
    <message>
        <source>no key %1 in the job&apos;s store: the rank did not call start_debug_server(), or not yet, or it is gone</source>
        <translation>kein Schlüssel %1 im Store des Jobs: der Rank hat start_debug_server() nicht oder noch nicht aufgerufen, oder er ist weg</translation>
    </message>
    <message>
        <source>%1 holds &apos;%2&apos;, not a worker address http://host:port</source>
        <translation>%1 enthält &apos;%2&apos;, keine Worker-Adresse http://host:port</translation>
    </message>
    <message>
        <source>%1:%2 is a TCPStore (the job&apos;s MASTER_PORT?), not a worker server: use --store %1:%2</source>
        <translation>%1:%2 ist ein TCPStore (der MASTER_PORT des Jobs?), kein Worker-Server: --store %1:%2 verwenden</translation>
    </message>
</context>
<context>
    <name>fd::TcpStoreClient</name>
    <message>
        <source>connection refused: nothing listens on %1 (is the job still running, and is this its MASTER_PORT?)</source>
        <translation>Verbindung abgelehnt: niemand lauscht auf %1 (läuft der Job noch, und ist das sein MASTER_PORT?)</translation>
    </message>
    <message>
        <source>no connection to %1 within %2 ms</source>
        <translation>keine Verbindung zu %1 innerhalb von %2 ms</translation>
    </message>
    <message>
        <source>cannot connect to %1: %2</source>
        <translation>kann nicht mit %1 verbinden: %2</translation>
    </message>
    <message>
        <source>the answer to PING</source>
        <translation>die Antwort auf PING</translation>
    </message>
    <message>
        <source>%1 answered the handshake with 0x%2, not the nonce it was sent: not a TCPStore</source>
        <translation>%1 beantwortete den Handshake mit 0x%2, nicht mit der gesendeten Nonce: kein TCPStore</translation>
    </message>
    <message>
        <source>the answer to CHECK %1</source>
        <translation>die Antwort auf CHECK %1</translation>
    </message>
    <message>
        <source>%1 answered CHECK %2 with byte 0x%3 (neither ready nor not ready): not a TCPStore, or out of step</source>
        <translation>%1 beantwortete CHECK %2 mit Byte 0x%3 (weder bereit noch nicht bereit): kein TCPStore, oder aus dem Takt</translation>
    </message>
    <message>
        <source>the length of %1</source>
        <translation>die Länge von %1</translation>
    </message>
    <message>
        <source>%1 says %2 holds %3 bytes, over the %4 a worker address can take: not torch&apos;s debug_server key</source>
        <translation>%1 sagt, %2 enthalte %3 Bytes, mehr als die %4, die eine Worker-Adresse haben kann: nicht torchs debug_server-Schlüssel</translation>
    </message>
    <message>
        <source>the value of %1</source>
        <translation>der Wert von %1</translation>
    </message>
    <message>
        <source>the answer to GETNUMKEYS</source>
        <translation>die Antwort auf GETNUMKEYS</translation>
    </message>
    <message>
        <source>cannot write to %1: %2</source>
        <translation>kann nicht an %1 schreiben: %2</translation>
    </message>
    <message>
        <source>%1 took no query within %2 ms</source>
        <translation>%1 nahm innerhalb von %2 ms keine Anfrage an</translation>
    </message>
    <message>
        <source>%1 closed the connection: %2</source>
        <translation>%1 hat die Verbindung geschlossen: %2</translation>
    </message>
    <message>
        <source>%1 closed the connection after %2 of %3 bytes of %4</source>
        <translation>%1 hat die Verbindung nach %2 von %3 Bytes von %4 geschlossen</translation>
    </message>
    <message>
        <source>no answer from %1 within %2 ms (waiting for %3)</source>
        <translation>keine Antwort von %1 innerhalb von %2 ms (gewartet auf %3)</translation>
    </message>
    <message>
        <source>%1 sent %2 byte(s) it was not asked for: not a TCPStore, or out of step</source>
        <translation>%1 schickte %2 Byte(s), nach denen niemand fragte: kein TCPStore, oder aus dem Takt</translation>
    </message>
</context>
<context>
    <name>fd::WorkerAddress</name>
    <message>
        <source>cannot resolve %1: %2</source>
        <translation>kann %1 nicht auflösen: %2</translation>
    </message>
    <message>
        <source>%1 is not a loopback address; pass --allow-remote to capture from another host</source>
        <translation>%1 ist keine Loopback-Adresse; --allow-remote angeben, um von einem anderen Host zu erfassen</translation>
    </message>
    <message>
        <source>%1 resolves to %2, not a loopback address; pass --allow-remote to capture from another host</source>
        <translation>%1 wird zu %2 aufgelöst, keiner Loopback-Adresse; --allow-remote angeben, um von einem anderen Host zu erfassen</translation>
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
        <source>Exit with 1 when a hang was found and 5 when the verdict is unknown, like git diff --exit-code (default: 0 whenever the analysis ran).</source>
        <translation>Mit 1 beenden, wenn ein Hänger gefunden wurde, und mit 5, wenn das Urteil unknown ist, wie git diff --exit-code (Standard: 0, sobald die Analyse lief).</translation>
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
        <source>Glob of the ranks&apos; Unix sockets (TORCH_WORKER_SERVER_SOCKET of each rank), e.g. &apos;/tmp/job/worker_*.sock&apos;.</source>
        <translation>Glob-Muster der Unix-Sockets der Ranks (TORCH_WORKER_SERVER_SOCKET jedes Ranks), z. B. &apos;/tmp/job/worker_*.sock&apos;.</translation>
    </message>
    <message>
        <source>glob</source>
        <translation>Muster</translation>
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
    <message>
        <source>Capture a fresh Flight Recorder dump from every rank of a running job, through torch&apos;s worker servers (--store, --socket, --hosts) or NCCL&apos;s dump pipes (--pipe), into a new &lt;out&gt;/capture-&lt;UTC time&gt;/ folder, then analyse it like --fr-path. --again-after S captures a second time and says whether the job is hung or only slow.</source>
        <translation>Einen frischen Flight-Recorder-Dump von jedem Rank eines laufenden Jobs erfassen, über torchs Worker-Server (--store, --socket, --hosts) oder NCCLs Dump-Pipes (--pipe), in einen neuen Ordner &lt;out&gt;/capture-&lt;UTC-Zeit&gt;/, und ihn dann wie --fr-path analysieren. --again-after S erfasst ein zweites Mal und sagt, ob der Job hängt oder nur langsam ist.</translation>
    </message>
    <message>
        <source>The job&apos;s TCPStore, MASTER_ADDR:MASTER_PORT: where torch.distributed.debug.start_debug_server() lists every rank&apos;s worker server (read only).</source>
        <translation>Der TCPStore des Jobs, MASTER_ADDR:MASTER_PORT: dort listet torch.distributed.debug.start_debug_server() den Worker-Server jedes Ranks (nur gelesen).</translation>
    </message>
    <message>
        <source>host:port</source>
        <translation>host:port</translation>
    </message>
    <message>
        <source>With --store: the prefix of the workers&apos; keys, &lt;prefix&gt;/rank&lt;N&gt; (default: debug_server).</source>
        <translation>Mit --store: das Präfix der Worker-Schlüssel, &lt;prefix&gt;/rank&lt;N&gt; (Standard: debug_server).</translation>
    </message>
    <message>
        <source>With --store: the job&apos;s number of ranks (default: up to the last rank with a key).</source>
        <translation>Mit --store: die Anzahl der Ranks des Jobs (Standard: bis zum letzten Rank mit Schlüssel).</translation>
    </message>
    <message>
        <source>Comma-separated host:port list of the ranks&apos; worker servers, in rank order (a dump that names its rank overrides the order).</source>
        <translation>Kommagetrennte host:port-Liste der Worker-Server der Ranks, in Rank-Reihenfolge (ein Dump, der seinen Rank nennt, geht der Reihenfolge vor).</translation>
    </message>
    <message>
        <source>Capture a second time after S seconds and compare: hung (no rank completed a collective in between) or advancing (with the slow ranks).</source>
        <translation>Nach S Sekunden ein zweites Mal erfassen und vergleichen: hängt (kein Rank hat dazwischen ein Kollektiv abgeschlossen) oder läuft weiter (mit den langsamen Ranks).</translation>
    </message>
    <message>
        <source>--again-after must be a number of seconds between 0 and 86400.</source>
        <translation>--again-after muss eine Anzahl Sekunden zwischen 0 und 86400 sein.</translation>
    </message>
    <message>
        <source>Give exactly one of --store HOST:PORT, --socket GLOB, --hosts LIST or --pipe STEM.</source>
        <translation>Genau eines von --store HOST:PORT, --socket GLOB, --hosts LIST oder --pipe STEM angeben.</translation>
    </message>
    <message>
        <source>capture: again in %1 s</source>
        <translation>capture: erneut in %1 s</translation>
    </message>
    <message>
        <source>With --watch: once every rank&apos;s dump is there, keep watching until every rank has written its next one (a second dump set), then compare the two: hung or advancing (docs/capture.md).</source>
        <translation>Mit --watch: sobald der Dump jedes Ranks da ist, weiter beobachten, bis jeder Rank seinen nächsten geschrieben hat (ein zweiter Satz Dumps), dann beide vergleichen: hängend oder fortschreitend (docs/capture.md).</translation>
    </message>
    <message>
        <source>--watch-compare goes with --watch DIR.</source>
        <translation>--watch-compare gehört zu --watch DIR.</translation>
    </message>
    <message>
        <source>Compare two dump folders of one job, older first (two captures, or two dumps on timeout): for every process group and rank, did it complete collectives in between? The job is hung when no rank did, advancing otherwise; ranks the others waited on in both while it advanced are slow. Prints the newer folder&apos;s report with a progress line (JSON: &quot;progress&quot;).</source>
        <translation>Zwei Dump-Ordner eines Jobs vergleichen, den älteren zuerst (zwei Erfassungen oder zwei Dumps bei Timeout): hat jede Prozessgruppe und jeder Rank dazwischen Kollektive abgeschlossen? Der Job hängt, wenn kein Rank es tat, sonst läuft er weiter; Ranks, auf die die anderen in beiden warteten, während er weiterlief, sind langsam. Gibt den Bericht des neueren Ordners mit einer Fortschrittszeile aus (JSON: &quot;progress&quot;).</translation>
    </message>
    <message>
        <source>The job&apos;s number of ranks, where the dumps do not say.</source>
        <translation>Die Anzahl der Ranks des Jobs, wo die Dumps sie nicht nennen.</translation>
    </message>
    <message>
        <source>Exit with 1 when the job is hung and 5 when the newer snapshot&apos;s verdict is unknown; 0 when it advanced.</source>
        <translation>Mit 1 beenden, wenn der Job hängt, und mit 5, wenn das Urteil des neueren Schnappschusses unbekannt ist; 0, wenn er fortgeschritten ist.</translation>
    </message>
    <message>
        <source>The older dump folder.</source>
        <translation>Der ältere Dump-Ordner.</translation>
    </message>
    <message>
        <source>The newer dump folder.</source>
        <translation>Der neuere Dump-Ordner.</translation>
    </message>
    <message>
        <source>
Try compare --help.</source>
        <translation>
Siehe compare --help.</translation>
    </message>
    <message>
        <source>compare takes two dump folders, OLD and NEW. Try compare --help.</source>
        <translation>compare nimmt zwei Dump-Ordner, OLD und NEW. Siehe compare --help.</translation>
    </message>
    <message>
        <source>compare: no dump in %1 could be read (pattern %2)</source>
        <translation>compare: kein Dump in %1 konnte gelesen werden (Muster %2)</translation>
    </message>
    <message>
        <source>watch: the set is complete; waiting for every rank&apos;s next dump to compare the two (--watch-compare)</source>
        <translation>watch: der Satz ist vollständig; warte auf den nächsten Dump jedes Ranks, um beide zu vergleichen (--watch-compare)</translation>
    </message>
    <message>
        <source>watch: no second dump set in %1 s; nothing was compared</source>
        <translation>watch: kein zweiter Satz Dumps in %1 s; nichts wurde verglichen</translation>
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
