<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>fd::CaptureAnalysis</name>
    <message>
        <source>rank %1 wrote no dump after its pipe trigger (%2): the thread that reads the pipe is stuck, or the process is gone</source>
        <translation>rank %1 在管道触发后没有写出转储（%2）：读取管道的线程卡住了，或者进程已不存在</translation>
    </message>
    <message>
        <source>rank %1 did not answer its worker server (%2): the server runs on a thread of its own, so a process that cannot answer it is stuck hard (e.g. in C++ holding the GIL) or gone</source>
        <translation>rank %1 的 worker 服务器没有应答（%2）：该服务器运行在独立线程上，无法应答的进程要么彻底卡死（例如在 C++ 中持有 GIL），要么已不存在</translation>
    </message>
    <message>
        <source>rank %1 has no usable worker server address in the job&apos;s store: %2</source>
        <translation>rank %1 在作业的存储中没有可用的 worker 服务器地址：%2</translation>
    </message>
</context>
<context>
    <name>fd::CaptureEndpoint</name>
    <message>
        <source>no Unix socket matches %1</source>
        <translation>没有与 %1 匹配的 Unix 套接字</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not host:port</source>
        <translation>“%1”不是 host:port 形式</translation>
    </message>
    <message>
        <source>no host:port given</source>
        <translation>未给出 host:port</translation>
    </message>
</context>
<context>
    <name>fd::CaptureFolder</name>
    <message>
        <source>cannot create the output folder %1</source>
        <translation>无法创建输出文件夹 %1</translation>
    </message>
    <message>
        <source>cannot create %1</source>
        <translation>无法创建 %1</translation>
    </message>
    <message>
        <source>the dump&apos;s process groups name rank %1, not %2; kept as rank %1</source>
        <translation>转储中的进程组指明是 rank %1，而不是 %2；按 rank %1 保存</translation>
    </message>
    <message>
        <source>neither the dump nor its source names a rank</source>
        <translation>转储及其来源都没有指明 rank</translation>
    </message>
    <message>
        <source>a dump of rank %1 is already in the capture; this one is not kept</source>
        <translation>采集中已有 rank %1 的转储；此份不予保留</translation>
    </message>
    <message>
        <source>cannot rename %1 to %2</source>
        <translation>无法将 %1 重命名为 %2</translation>
    </message>
</context>
<context>
    <name>fd::CaptureRequest</name>
    <message>
        <source>the store lists workers up to rank %1: world size %2 (give --world-size if the job has more ranks)</source>
        <translation>存储列出的 worker 直到 rank %1：world size 为 %2（若作业有更多 rank，请给出 --world-size）</translation>
    </message>
    <message>
        <source>world size %1 (--world-size)</source>
        <translation>world size 为 %1（--world-size）</translation>
    </message>
</context>
<context>
    <name>fd::CaptureResult</name>
    <message>
        <source>rank %1 (%2): %3, %4 bytes -&gt; %5</source>
        <translation>rank %1（%2）：%3，%4 字节 -&gt; %5</translation>
    </message>
    <message>
        <source>rank %1 (%2): no answer: %3</source>
        <translation>rank %1（%2）：无应答：%3</translation>
    </message>
    <message>
        <source>rank %1 (%2): %3</source>
        <translation>rank %1（%2）：%3</translation>
    </message>
</context>
<context>
    <name>fd::CapturedDump</name>
    <message>
        <source>truncated pickle (%1 bytes, no STOP at the end)</source>
        <translation>pickle 被截断（%1 字节，末尾没有 STOP）</translation>
    </message>
    <message>
        <source>byte %1: </source>
        <translation>第 %1 字节：</translation>
    </message>
    <message>
        <source>not a Flight Recorder dump (%1 bytes): %2%3</source>
        <translation>不是 Flight Recorder 转储（%1 字节）：%2%3</translation>
    </message>
</context>
<context>
    <name>fd::HttpResponseParser</name>
    <message>
        <source>the response headers are longer than %1 bytes</source>
        <translation>响应头超过 %1 字节</translation>
    </message>
    <message>
        <source>not an HTTP response (it starts with &quot;%1&quot;)</source>
        <translation>不是 HTTP 响应（开头为“%1”）</translation>
    </message>
    <message>
        <source>the server answered with a redirect (HTTP %1), which capture does not follow</source>
        <translation>服务器以重定向（HTTP %1）应答，采集不会跟随重定向</translation>
    </message>
    <message>
        <source>bad Content-Length &quot;%1&quot;</source>
        <translation>无效的 Content-Length“%1”</translation>
    </message>
    <message>
        <source>the answer is %1 bytes, over the %2-byte cap</source>
        <translation>应答为 %1 字节，超过 %2 字节的上限</translation>
    </message>
    <message>
        <source>the answer is over the %1-byte cap</source>
        <translation>应答超过 %1 字节的上限</translation>
    </message>
    <message>
        <source>the connection closed without an answer</source>
        <translation>连接在应答之前被关闭</translation>
    </message>
    <message>
        <source>the connection closed inside the headers</source>
        <translation>连接在响应头中途被关闭</translation>
    </message>
    <message>
        <source>the answer was cut off after %1 bytes</source>
        <translation>应答在 %1 字节后中断</translation>
    </message>
    <message>
        <source>a chunk of a chunked answer does not end with CRLF</source>
        <translation>分块应答中的一个分块没有以 CRLF 结尾</translation>
    </message>
    <message>
        <source>a chunk-size line of a chunked answer is longer than %1 bytes</source>
        <translation>分块应答的分块大小行超过 %1 字节</translation>
    </message>
    <message>
        <source>bad chunk size &quot;%1&quot; in a chunked answer</source>
        <translation>分块应答中的分块大小 &quot;%1&quot; 无效</translation>
    </message>
</context>
<context>
    <name>fd::LiveCapture</name>
    <message>
        <source>no worker server to capture from</source>
        <translation>没有可采集的 worker 服务器</translation>
    </message>
    <message>
        <source>handler list: %1</source>
        <translation>处理器列表：%1</translation>
    </message>
    <message>
        <source>handler list is not a JSON array: %1</source>
        <translation>处理器列表不是 JSON 数组：%1</translation>
    </message>
    <message>
        <source>the worker server has no Flight Recorder handler (it offers: %1)</source>
        <translation>worker 服务器没有 Flight Recorder 处理器（它提供：%1）</translation>
    </message>
    <message>
        <source>%1 answers with an HTML page: this is torch&apos;s debug frontend (the port given to start_debug_server()), not a worker server: use --store MASTER_ADDR:MASTER_PORT</source>
        <translation>%1 返回了一个 HTML 页面：这是 torch 的调试前端（传给 start_debug_server() 的端口），不是 worker 服务器：请使用 --store MASTER_ADDR:MASTER_PORT</translation>
    </message>
    <message>
        <source>rank %1 is its place in --hosts: the dump does not name its rank (--store takes each rank from the job&apos;s store)</source>
        <translation>rank %1 取自它在 --hosts 中的位置：转储没有给出自己的 rank（--store 会从作业的存储中取每个 rank）</translation>
    </message>
</context>
<context>
    <name>fd::PipeCapture</name>
    <message>
        <source>%1 is not a named pipe; not written to</source>
        <translation>%1 不是命名管道；不会写入</translation>
    </message>
    <message>
        <source>no pipe matches %1&lt;rank&gt;.pipe</source>
        <translation>没有与 %1&lt;rank&gt;.pipe 匹配的管道</translation>
    </message>
    <message>
        <source>no process reads %1 (the rank is gone, or not an NCCL rank)</source>
        <translation>没有进程在读取 %1（该 rank 已不存在，或不是 NCCL rank）</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>cannot write to %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>no pipe to trigger</source>
        <translation>没有可触发的管道</translation>
    </message>
    <message>
        <source>%1 is %2 bytes, over the %3-byte cap</source>
        <translation>%1 为 %2 字节，超过 %3 字节的上限</translation>
    </message>
    <message>
        <source>%1 was still incomplete after %2 ms (%3 bytes)</source>
        <translation>%1 在 %2 毫秒后仍不完整（%3 字节）</translation>
    </message>
    <message>
        <source>no new dump at %1 within %2 ms of the trigger</source>
        <translation>触发后 %2 毫秒内 %1 处没有新的转储</translation>
    </message>
</context>
<context>
    <name>fd::SnapshotProgress</name>
    <message>
        <source>rank %1&apos;s entry %2 is another collective in each (created at %3 and %4 ns): two different jobs, or two runs of one</source>
        <translation>rank %1 的条目 %2 在两者中是不同的集合通信（创建于 %3 和 %4 ns）：两个不同的作业，或同一作业的两次运行</translation>
    </message>
    <message>
        <source>the world has %1 ranks in one and %2 in the other</source>
        <translation>一个的 world 有 %1 个 rank，另一个有 %2 个</translation>
    </message>
    <message>
        <source>process group %1 has other members in each</source>
        <translation>进程组 %1 在两者中的成员不同</translation>
    </message>
    <message>
        <source>they share no process group</source>
        <translation>它们没有共同的进程组</translation>
    </message>
    <message>
        <source>%1 and %2 are not two snapshots of one job: %3</source>
        <translation>%1 和 %2 不是同一作业的两个快照：%3</translation>
    </message>
    <message>
        <source>%1 is not a later snapshot of %2&apos;s job: rank %3 went back in process group %4 (last completed collective %5, then %6): a restart, or the two in the wrong order</source>
        <translation>%1 不是 %2 所属作业的后续快照：rank %3 在进程组 %4 中倒退了（最后完成的集合通信从 %5 变为 %6）：作业重启过，或两者顺序颠倒</translation>
    </message>
    <message>
        <source>hung: no rank completed a collective in %1 s between the snapshots</source>
        <translation>挂起：两个快照之间的 %1 秒内没有任何 rank 完成集合通信</translation>
    </message>
    <message numerus="yes">
        <source>advancing: not a hang; %n rank(s) completed collectives in %1 s</source>
        <translation>
            <numerusform>仍在推进：不是挂起；%n 个 rank 在 %1 秒内完成了集合通信</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>advancing: not a hang; rank %1 is slow (the others waited on it in both snapshots; %n rank(s) completed collectives in %2 s)</source>
        <translation>
            <numerusform>仍在推进：不是挂起；rank %1 较慢（两个快照中其他 rank 都在等它；%n 个 rank 在 %2 秒内完成了集合通信）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fd::SocketHttpRequest</name>
    <message>
        <source>no answer within %1 ms</source>
        <translation>%1 毫秒内无应答</translation>
    </message>
    <message>
        <source>HTTP %1: %2</source>
        <translation>HTTP %1：%2</translation>
    </message>
</context>
<context>
    <name>fd::StoreEndpoints</name>
    <message>
        <source>%1 is torch&apos;s debug frontend (the port given to start_debug_server()), not the job&apos;s TCPStore: use --store MASTER_ADDR:MASTER_PORT</source>
        <translation>%1 是 torch 的调试前端（传给 start_debug_server() 的端口），不是作业的 TCPStore：请使用 --store MASTER_ADDR:MASTER_PORT</translation>
    </message>
    <message>
        <source>%1 is an HTTP server (a worker server?), not a TCPStore: use --store MASTER_ADDR:MASTER_PORT</source>
        <translation>%1 是一个 HTTP 服务器（worker 服务器？），不是 TCPStore：请使用 --store MASTER_ADDR:MASTER_PORT</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not host:port (the job&apos;s MASTER_ADDR:MASTER_PORT)</source>
        <translation>“%1” 不是 host:port（作业的 MASTER_ADDR:MASTER_PORT）</translation>
    </message>
    <message>
        <source>store: %1</source>
        <translation>存储：%1</translation>
    </message>
    <message>
        <source>the store at %1 has no key %2 (checked up to rank %3): the job did not call torch.distributed.debug.start_debug_server(), or not yet, or it uses another --store-prefix%4</source>
        <translation>%1 处的存储中没有键 %2（已检查到 rank %3）：作业没有调用或尚未调用 torch.distributed.debug.start_debug_server()，或使用了其他 --store-prefix%4</translation>
    </message>
    <message numerus="yes">
        <source>; the store holds %n key(s) in all</source>
        <translation>
            <numerusform>；存储中共有 %n 个键</numerusform>
        </translation>
    </message>
    <message>
        <source>no key %1 in the job&apos;s store: the rank did not call start_debug_server(), or not yet, or it is gone</source>
        <translation>作业的存储中没有键 %1：该 rank 没有调用或尚未调用 start_debug_server()，或已不存在</translation>
    </message>
    <message>
        <source>%1 holds &apos;%2&apos;, not a worker address http://host:port</source>
        <translation>%1 的值为 “%2”，不是 worker 地址 http://host:port</translation>
    </message>
    <message>
        <source>%1:%2 is a TCPStore (the job&apos;s MASTER_PORT?), not a worker server: use --store %1:%2</source>
        <translation>%1:%2 是 TCPStore（作业的 MASTER_PORT？），不是 worker 服务器：请使用 --store %1:%2</translation>
    </message>
</context>
<context>
    <name>fd::TcpStoreClient</name>
    <message>
        <source>connection refused: nothing listens on %1 (is the job still running, and is this its MASTER_PORT?)</source>
        <translation>连接被拒绝：%1 上没有监听（作业还在运行吗？这是它的 MASTER_PORT 吗？）</translation>
    </message>
    <message>
        <source>no connection to %1 within %2 ms</source>
        <translation>%2 毫秒内无法连接到 %1</translation>
    </message>
    <message>
        <source>cannot connect to %1: %2</source>
        <translation>无法连接到 %1：%2</translation>
    </message>
    <message>
        <source>the answer to PING</source>
        <translation>PING 的应答</translation>
    </message>
    <message>
        <source>%1 answered the handshake with 0x%2, not the nonce it was sent: not a TCPStore</source>
        <translation>%1 对握手的应答为 0x%2，而不是发送给它的 nonce：不是 TCPStore</translation>
    </message>
    <message>
        <source>the answer to CHECK %1</source>
        <translation>CHECK %1 的应答</translation>
    </message>
    <message>
        <source>%1 answered CHECK %2 with byte 0x%3 (neither ready nor not ready): not a TCPStore, or out of step</source>
        <translation>%1 对 CHECK %2 的应答为字节 0x%3（既不是 ready 也不是 not ready）：不是 TCPStore，或协议已错位</translation>
    </message>
    <message>
        <source>the length of %1</source>
        <translation>%1 的长度</translation>
    </message>
    <message>
        <source>%1 says %2 holds %3 bytes, over the %4 a worker address can take: not torch&apos;s debug_server key</source>
        <translation>%1 称 %2 有 %3 字节，超过 worker 地址最多的 %4 字节：不是 torch 的 debug_server 键</translation>
    </message>
    <message>
        <source>the value of %1</source>
        <translation>%1 的值</translation>
    </message>
    <message>
        <source>the answer to GETNUMKEYS</source>
        <translation>GETNUMKEYS 的应答</translation>
    </message>
    <message>
        <source>cannot write to %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>%1 took no query within %2 ms</source>
        <translation>%1 在 %2 毫秒内没有接收请求</translation>
    </message>
    <message>
        <source>%1 closed the connection: %2</source>
        <translation>%1 关闭了连接：%2</translation>
    </message>
    <message>
        <source>%1 closed the connection after %2 of %3 bytes of %4</source>
        <translation>%1 在发送 %4 的 %3 字节中的 %2 字节后关闭了连接</translation>
    </message>
    <message>
        <source>no answer from %1 within %2 ms (waiting for %3)</source>
        <translation>%2 毫秒内没有来自 %1 的应答（等待 %3）</translation>
    </message>
    <message>
        <source>%1 sent %2 byte(s) it was not asked for: not a TCPStore, or out of step</source>
        <translation>%1 发送了 %2 个未被请求的字节：不是 TCPStore，或协议已错位</translation>
    </message>
</context>
<context>
    <name>fd::WorkerAddress</name>
    <message>
        <source>cannot resolve %1: %2</source>
        <translation>无法解析 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not a loopback address; pass --allow-remote to capture from another host</source>
        <translation>%1 不是回环地址；要从其他主机采集，请传入 --allow-remote</translation>
    </message>
    <message>
        <source>%1 resolves to %2, not a loopback address; pass --allow-remote to capture from another host</source>
        <translation>%1 解析为 %2，不是回环地址；要从其他主机采集，请传入 --allow-remote</translation>
    </message>
</context>
<context>
    <name>fd::cli</name>
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
        <source>Exit with 1 when a hang was found and 5 when the verdict is unknown, like git diff --exit-code (default: 0 whenever the analysis ran).</source>
        <translation>发现挂起时以 1 退出、结论为 unknown 时以 5 退出，类似 git diff --exit-code（默认：只要分析运行即为 0）。</translation>
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
    <message>
        <source>Glob of the ranks&apos; Unix sockets (TORCH_WORKER_SERVER_SOCKET of each rank), e.g. &apos;/tmp/job/worker_*.sock&apos;.</source>
        <translation>各 rank Unix 套接字的 glob 模式（每个 rank 的 TORCH_WORKER_SERVER_SOCKET），例如 &apos;/tmp/job/worker_*.sock&apos;。</translation>
    </message>
    <message>
        <source>glob</source>
        <translation>glob</translation>
    </message>
    <message>
        <source>list</source>
        <translation>列表</translation>
    </message>
    <message>
        <source>NCCL jobs: the TORCH_NCCL_DEBUG_INFO_PIPE_FILE of the ranks on this node; writes to every &lt;stem&gt;&lt;rank&gt;.pipe and copies each new dump &lt;prefix&gt;&lt;rank&gt;.</source>
        <translation>NCCL 作业：本节点各 rank 的 TORCH_NCCL_DEBUG_INFO_PIPE_FILE；向每个 &lt;stem&gt;&lt;rank&gt;.pipe 写入，并复制每份新的转储 &lt;prefix&gt;&lt;rank&gt;。</translation>
    </message>
    <message>
        <source>stem</source>
        <translation>前缀</translation>
    </message>
    <message>
        <source>With --pipe: the ranks&apos; TORCH_FR_DUMP_TEMP_FILE (default: that variable, else TORCH_NCCL_DEBUG_INFO_TEMP_FILE, from this environment).</source>
        <translation>配合 --pipe：各 rank 的 TORCH_FR_DUMP_TEMP_FILE（默认：取本环境中的该变量，否则取 TORCH_NCCL_DEBUG_INFO_TEMP_FILE）。</translation>
    </message>
    <message>
        <source>prefix</source>
        <translation>前缀</translation>
    </message>
    <message>
        <source>Folder that receives the capture folder (default: .).</source>
        <translation>存放采集文件夹的目录（默认：.）。</translation>
    </message>
    <message>
        <source>Seconds each rank has to answer (default: 10).</source>
        <translation>每个 rank 的应答时限，单位秒（默认：10）。</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>Largest dump accepted from one rank, in MiB (default: 512).</source>
        <translation>单个 rank 可接受的最大转储，单位 MiB（默认：512）。</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>Allow worker servers on other hosts (default: loopback only).</source>
        <translation>允许其他主机上的 worker 服务器（默认：仅回环）。</translation>
    </message>
    <message>
        <source>
Try capture --help.</source>
        <translation>
请参阅 capture --help。</translation>
    </message>
    <message>
        <source>--timeout must be a number of seconds between 0 and 3600.</source>
        <translation>--timeout 必须是 0 到 3600 之间的秒数。</translation>
    </message>
    <message>
        <source>--max-dump-mb must be a number between 1 and 1048576.</source>
        <translation>--max-dump-mb 必须是 1 到 1048576 之间的数字。</translation>
    </message>
    <message>
        <source>--pipe needs the ranks&apos; dump file prefix: --dump-prefix or TORCH_FR_DUMP_TEMP_FILE.</source>
        <translation>--pipe 需要各 rank 的转储文件前缀：--dump-prefix 或 TORCH_FR_DUMP_TEMP_FILE。</translation>
    </message>
    <message>
        <source>capture: %1 of %2 rank(s) into %3</source>
        <translation>capture：%2 个 rank 中的 %1 个已存入 %3</translation>
    </message>
    <message>
        <source>A job still running: &apos;flightdeck-cli capture --help&apos; pulls fresh dumps from its ranks; --watch follows a folder while dumps land (docs/capture.md).

</source>
        <translation>作业仍在运行时：&apos;flightdeck-cli capture --help&apos; 从其各 rank 拉取新的转储；--watch 在转储陆续到达时跟踪一个文件夹（docs/capture.md）。

</translation>
    </message>
    <message>
        <source>Follow DIR while dumps arrive: re-analyse as files land, show the missing ranks and the verdict as it stands, stop when every rank&apos;s dump is there or after --watch-timeout.</source>
        <translation>在转储到达期间跟踪 DIR：每有文件到达就重新分析，显示缺失的 rank 和当前结论；当每个 rank 的转储都到齐或超过 --watch-timeout 时停止。</translation>
    </message>
    <message>
        <source>Seconds --watch waits for the set to be complete (default: 600).</source>
        <translation>--watch 等待转储到齐的秒数（默认：600）。</translation>
    </message>
    <message>
        <source>--watch-timeout must be a positive number of seconds.</source>
        <translation>--watch-timeout 必须是正的秒数。</translation>
    </message>
    <message>
        <source>watch: %1 (pattern %2), up to %3 s</source>
        <translation>watch：%1（模式 %2），最长 %3 秒</translation>
    </message>
    <message>
        <source>watch: %1 s: %2 dump(s) of world %3; missing: %4; growing: %5; verdict: %6; hanging ranks: [%7]</source>
        <translation>watch：%1 秒：world 大小 %3 中已有 %2 份转储；缺失：%4；仍在增长：%5；结论：%6；挂起的 rank：[%7]</translation>
    </message>
    <message>
        <source>watch: stopped after %1 s with the set incomplete</source>
        <translation>watch：%1 秒后停止，转储仍不完整</translation>
    </message>
    <message>
        <source>No complete dump arrived in %1 (pattern %2).</source>
        <translation>%1 中没有完整的转储到达（模式 %2）。</translation>
    </message>
    <message>
        <source>The job&apos;s number of ranks, where the dumps do not say (gloo dumps name no group members): ranks below it without a dump are missing, and --watch waits for all of them.</source>
        <translation>作业的 rank 数，用于转储未给出时（gloo 转储不列出组成员）：小于该数且没有转储的 rank 视为缺失，--watch 会等待全部 rank。</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>--world-size must be a positive number of ranks.</source>
        <translation>--world-size 必须是正的 rank 数。</translation>
    </message>
    <message>
        <source>at least %1 (no dump names the world&apos;s ranks)</source>
        <translation>至少 %1（没有转储列出作业的全部 rank）</translation>
    </message>
    <message>
        <source>capture: no rank gave a dump; no capture folder was left in %1</source>
        <translation>capture：没有任何 rank 提供转储；未在 %1 中留下采集文件夹</translation>
    </message>
    <message>
        <source>Write the job as Chrome trace-event JSON to FILE, for the Perfetto UI or chrome://tracing.</source>
        <translation>将作业以 Chrome trace-event JSON 写入 FILE，供 Perfetto UI 或 chrome://tracing 打开。</translation>
    </message>
    <message>
        <source>Only these ranks in --export-trace, e.g. 0-7,12.</source>
        <translation>--export-trace 中只包含这些 rank，例如 0-7,12。</translation>
    </message>
    <message>
        <source>Only these process groups (indices of the JSON report&apos;s process_groups) in --export-trace.</source>
        <translation>--export-trace 中只包含这些进程组（JSON 报告中 process_groups 的索引）。</translation>
    </message>
    <message>
        <source>Only each rank&apos;s last N entries in --export-trace.</source>
        <translation>--export-trace 中只包含每个 rank 的最后 N 条记录。</translation>
    </message>
    <message>
        <source>--trace-ranks and --trace-pgs take numbers and ranges (0-7,12); --trace-last a positive number.</source>
        <translation>--trace-ranks 和 --trace-pgs 接受数字和范围（0-7,12）；--trace-last 接受正数。</translation>
    </message>
    <message>
        <source>--trace-ranks, --trace-pgs and --trace-last go with --export-trace FILE.</source>
        <translation>--trace-ranks、--trace-pgs 和 --trace-last 须与 --export-trace FILE 一起使用。</translation>
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
        <translation>退出码：
  0  分析已运行，无论结果如何，与 fr_attribution.py 相同（--help、--version、--debug 也返回此值）
  1  仅在使用 --exit-code 时：分析发现挂起（结论为 CONTINUE 或 STOP）
  2  没有可用的转储（未找到或均无法读取）
  3  用法错误
  4  有输出无法写入（--json、--debug、capture 的转储、stdout），例如磁盘已满；分析仍已运行并输出
  5  仅在使用 --exit-code 时：结论为 unknown，可判定的 rank 太少，无法排除挂起
环境变量：FR_DEBUG=1 将调试日志输出到 stderr；NVRX_LLM_MODEL、NVRX_LLM_BASE_URL、LLM_API_KEY、
LLM_API_KEY_FILE 用于 -l。</translation>
    </message>
    <message>
        <source>--llm-timeout must be a positive number of seconds.</source>
        <translation>--llm-timeout 必须是正的秒数。</translation>
    </message>
    <message>
        <source>watch: %1 is gone (deleted, moved or unmounted); stopping with what had arrived</source>
        <translation>watch：%1 已不存在（被删除、移动或卸载）；以已到达的内容结束</translation>
    </message>
    <message>
        <source>Seconds the whole LLM step may take, retries included, as curl&apos;s --max-time (default: %1); the analysis is printed before it starts.</source>
        <translation>整个 LLM 步骤（包括重试）可用的秒数，与 curl 的 --max-time 相同（默认：%1）；分析结果在其开始前输出。</translation>
    </message>
    <message>
        <source>Capture a fresh Flight Recorder dump from every rank of a running job, through torch&apos;s worker servers (--store, --socket, --hosts) or NCCL&apos;s dump pipes (--pipe), into a new &lt;out&gt;/capture-&lt;UTC time&gt;/ folder, then analyse it like --fr-path. --again-after S captures a second time and says whether the job is hung or only slow.</source>
        <translation>通过 torch 的 worker 服务器（--store、--socket、--hosts）或 NCCL 的转储管道（--pipe），从运行中作业的每个 rank 采集新的 Flight Recorder 转储，存入新的 &lt;out&gt;/capture-&lt;UTC 时间&gt;/ 文件夹，然后像 --fr-path 一样分析。--again-after S 会再采集一次，并判断作业是挂起还是只是慢。</translation>
    </message>
    <message>
        <source>The job&apos;s TCPStore, MASTER_ADDR:MASTER_PORT: where torch.distributed.debug.start_debug_server() lists every rank&apos;s worker server (read only).</source>
        <translation>作业的 TCPStore，即 MASTER_ADDR:MASTER_PORT：torch.distributed.debug.start_debug_server() 在其中列出每个 rank 的 worker 服务器（只读）。</translation>
    </message>
    <message>
        <source>host:port</source>
        <translation>host:port</translation>
    </message>
    <message>
        <source>With --store: the prefix of the workers&apos; keys, &lt;prefix&gt;/rank&lt;N&gt; (default: debug_server).</source>
        <translation>配合 --store：worker 键的前缀，&lt;prefix&gt;/rank&lt;N&gt;（默认：debug_server）。</translation>
    </message>
    <message>
        <source>With --store: the job&apos;s number of ranks (default: up to the last rank with a key).</source>
        <translation>配合 --store：作业的 rank 数（默认：直到最后一个有键的 rank）。</translation>
    </message>
    <message>
        <source>Comma-separated host:port list of the ranks&apos; worker servers, in rank order (a dump that names its rank overrides the order).</source>
        <translation>以逗号分隔的各 rank worker 服务器 host:port 列表，按 rank 顺序（给出自身 rank 的转储优先于顺序）。</translation>
    </message>
    <message>
        <source>Capture a second time after S seconds and compare: hung (no rank completed a collective in between) or advancing (with the slow ranks).</source>
        <translation>S 秒后再采集一次并比较：挂起（期间没有 rank 完成集合通信）或仍在推进（并给出慢的 rank）。</translation>
    </message>
    <message>
        <source>--again-after must be a number of seconds between 0 and 86400.</source>
        <translation>--again-after 必须是 0 到 86400 之间的秒数。</translation>
    </message>
    <message>
        <source>Give exactly one of --store HOST:PORT, --socket GLOB, --hosts LIST or --pipe STEM.</source>
        <translation>请只给出 --store HOST:PORT、--socket GLOB、--hosts LIST 或 --pipe STEM 之一。</translation>
    </message>
    <message>
        <source>capture: again in %1 s</source>
        <translation>capture：%1 秒后再次采集</translation>
    </message>
    <message>
        <source>With --watch: once every rank&apos;s dump is there, keep watching until every rank has written its next one (a second dump set), then compare the two: hung or advancing (docs/capture.md).</source>
        <translation>与 --watch 一起使用：每个 rank 的转储都到齐后继续监视，直到每个 rank 都写出下一份转储（第二组转储），然后比较两组：挂起还是在推进（docs/capture.md）。</translation>
    </message>
    <message>
        <source>--watch-compare goes with --watch DIR.</source>
        <translation>--watch-compare 需与 --watch DIR 一起使用。</translation>
    </message>
    <message>
        <source>Compare two dump folders of one job, older first (two captures, or two dumps on timeout): for every process group and rank, did it complete collectives in between? The job is hung when no rank did, advancing otherwise; ranks the others waited on in both while it advanced are slow. Prints the newer folder&apos;s report with a progress line (JSON: &quot;progress&quot;).</source>
        <translation>比较同一作业的两个转储文件夹，较早的在前（两次采集，或两次超时转储）：每个进程组和 rank 在此期间是否完成了集合通信？若没有任何 rank 完成则作业挂起，否则仍在推进；在推进期间两次都被其他 rank 等待的 rank 是慢的。输出较新文件夹的报告并附一行进度（JSON：&quot;progress&quot;）。</translation>
    </message>
    <message>
        <source>The job&apos;s number of ranks, where the dumps do not say.</source>
        <translation>作业的 rank 数（当转储没有给出时）。</translation>
    </message>
    <message>
        <source>Exit with 1 when the job is hung and 5 when the newer snapshot&apos;s verdict is unknown; 0 when it advanced.</source>
        <translation>作业挂起时以 1 退出，较新快照的结论未知时以 5 退出；作业在推进时为 0。</translation>
    </message>
    <message>
        <source>The older dump folder.</source>
        <translation>较早的转储文件夹。</translation>
    </message>
    <message>
        <source>The newer dump folder.</source>
        <translation>较新的转储文件夹。</translation>
    </message>
    <message>
        <source>
Try compare --help.</source>
        <translation>
请尝试 compare --help。</translation>
    </message>
    <message>
        <source>compare takes two dump folders, OLD and NEW. Try compare --help.</source>
        <translation>compare 需要两个转储文件夹 OLD 和 NEW。请尝试 compare --help。</translation>
    </message>
    <message>
        <source>compare: no dump in %1 could be read (pattern %2)</source>
        <translation>compare：%1 中没有可读取的转储（模式 %2）</translation>
    </message>
    <message>
        <source>watch: the set is complete; waiting for every rank&apos;s next dump to compare the two (--watch-compare)</source>
        <translation>watch: 转储已齐；等待每个 rank 的下一份转储以比较两组（--watch-compare）</translation>
    </message>
    <message>
        <source>watch: no second dump set in %1 s; nothing was compared</source>
        <translation>watch: %1 秒内没有第二组转储；未作比较</translation>
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
