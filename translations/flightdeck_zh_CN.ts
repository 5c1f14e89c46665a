<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
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
        <translation>退出码：
  0  分析已运行，无论结果如何，与 fr_attribution.py 相同（--help、--version、--debug 也返回此值）
  1  仅在使用 --exit-code 时：分析发现挂起（结论为 CONTINUE 或 STOP）
  2  没有可用的转储（未找到或均无法读取）
  3  用法错误
环境变量：FR_DEBUG=1 将调试日志输出到 stderr；NVRX_LLM_MODEL、NVRX_LLM_BASE_URL、LLM_API_KEY、
LLM_API_KEY_FILE 用于 -l。</translation>
    </message>
    <message>
        <source>Analyze collective operations across PyTorch Flight Recorder dump files: find where the ranks diverged, which ranks are responsible, and whether a restart can help.

</source>
        <translation>分析 PyTorch Flight Recorder 转储文件中跨 rank 的集合通信操作：找出各 rank 在何处分叉、哪些 rank 应负责，以及重启是否有帮助。

</translation>
    </message>
    <message>
        <source>Show this help and exit.</source>
        <translation>显示此帮助并退出。</translation>
    </message>
    <message>
        <source>Show the version and exit.</source>
        <translation>显示版本并退出。</translation>
    </message>
    <message>
        <source>Path to the dumps: a directory (files matching --pattern), an archive (.tar, .tar.gz, .tgz, .tar.zst, .tar.xz, .zip), a single dump file, or a path prefix.</source>
        <translation>转储的路径：一个目录（其中匹配 --pattern 的文件）、一个归档文件（.tar、.tar.gz、.tgz、.tar.zst、.tar.xz、.zip）、单个转储文件或路径前缀。</translation>
    </message>
    <message>
        <source>path</source>
        <translation>路径</translation>
    </message>
    <message>
        <source>File pattern to match in a directory (default: _dump_*).</source>
        <translation>在目录中匹配的文件模式（默认：_dump_*）。</translation>
    </message>
    <message>
        <source>pattern</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Verbose output: per-rank tables.</source>
        <translation>详细输出：每个 rank 的表格。</translation>
    </message>
    <message>
        <source>Show node health check results.</source>
        <translation>显示节点健康检查结果。</translation>
    </message>
    <message>
        <source>Use an LLM to explain the findings.</source>
        <translation>使用 LLM 解释分析发现。</translation>
    </message>
    <message>
        <source>Model to use for LLM analysis (default: $NVRX_LLM_MODEL, else %1).</source>
        <translation>用于 LLM 分析的模型（默认：$NVRX_LLM_MODEL，否则为 %1）。</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>OpenAI-compatible base URL for LLM analysis (default: $NVRX_LLM_BASE_URL, else %1).</source>
        <translation>用于 LLM 分析的 OpenAI 兼容基础 URL（默认：$NVRX_LLM_BASE_URL，否则为 %1）。</translation>
    </message>
    <message>
        <source>url</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Convert each dump to JSON for debugging (into --debug-dir, default &lt;dump folder&gt;/flightdeck-json, or &lt;archive&gt;-flightdeck-json beside an archive).</source>
        <translation>将每个转储转换为 JSON 以便调试（写入 --debug-dir，默认 &lt;转储目录&gt;/flightdeck-json；归档文件则写入其旁边的 &lt;归档&gt;-flightdeck-json）。</translation>
    </message>
    <message>
        <source>Emit the result on stdout (accepted for fr_attribution.py compatibility: FlightDeck always does).</source>
        <translation>将结果输出到 stdout（为兼容 fr_attribution.py 而接受：FlightDeck 总是如此）。</translation>
    </message>
    <message>
        <source>Exit with 1 when a hang was found, like git diff --exit-code (default: 0 whenever the analysis ran).</source>
        <translation>发现挂起时以 1 退出，类似 git diff --exit-code（默认：只要分析运行即为 0）。</translation>
    </message>
    <message>
        <source>Write the JSON report to FILE (&apos;-&apos; for stdout).</source>
        <translation>将 JSON 报告写入 &lt;文件&gt;（“-”表示 stdout）。</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Output format on stdout: text or json (default: text).</source>
        <translation>stdout 上的输出格式：text 或 json（默认：text）。</translation>
    </message>
    <message>
        <source>Folder for --debug&apos;s JSON files.</source>
        <translation>--debug 生成的 JSON 文件所在目录。</translation>
    </message>
    <message>
        <source>DIR</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>
Try --help.</source>
        <translation>
请尝试 --help。</translation>
    </message>
    <message>
        <source>--fr-path is required. Try --help.</source>
        <translation>必须指定 --fr-path。请尝试 --help。</translation>
    </message>
    <message>
        <source>--format must be text or json, not &apos;%1&apos;.</source>
        <translation>--format 必须为 text 或 json，而不是“%1”。</translation>
    </message>
</context>
<context>
    <name>fd::i18n</name>
    <message>
        <source>Language of the interface, e.g. de, zh_CN or en (default: the system language).</source>
        <translation>界面语言，例如 de、zh_CN 或 en（默认：系统语言）。</translation>
    </message>
    <message>
        <source>language</source>
        <translation>语言</translation>
    </message>
</context>
</TS>
