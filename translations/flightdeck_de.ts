<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>fd::cli</name>
    <message>
        <source>Exit codes:
  0  the analysis ran, whatever it found, as fr_attribution.py (also --help, --version, --debug)
  1  only with --exit-code: the analysis found a hang (verdict CONTINUE or STOP)
  2  no usable dump (nothing found or nothing could be read)
  3  usage error
Environment: FR_DEBUG=1 prints debug logging to stderr; NVRX_LLM_MODEL, NVRX_LLM_BASE_URL, LLM_API_KEY,
LLM_API_KEY_FILE for -l.</source>
        <translation>Exit-Codes:
  0  die Analyse lief, was immer sie fand, wie fr_attribution.py (auch --help, --version, --debug)
  1  nur mit --exit-code: die Analyse fand einen Hänger (Urteil CONTINUE oder STOP)
  2  kein verwertbarer Dump (nichts gefunden oder nichts lesbar)
  3  Bedienungsfehler
Umgebung: FR_DEBUG=1 schreibt Debug-Ausgaben nach stderr; NVRX_LLM_MODEL, NVRX_LLM_BASE_URL, LLM_API_KEY,
LLM_API_KEY_FILE für -l.</translation>
    </message>
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
        <source>Exit with 1 when a hang was found, like git diff --exit-code (default: 0 whenever the analysis ran).</source>
        <translation>Mit 1 beenden, wenn ein Hänger gefunden wurde, wie git diff --exit-code (Standard: 0, sobald die Analyse lief).</translation>
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
