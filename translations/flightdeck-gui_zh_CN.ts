<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>fd::AboutDialog</name>
    <message>
        <source>About FlightDeck</source>
        <translation>关于 FlightDeck</translation>
    </message>
    <message>
        <source>A visual debugger for PyTorch Flight Recorder dumps: it finds the process group and collective where the ranks of a hung job diverged, and the ranks responsible.</source>
        <translation>PyTorch Flight Recorder 转储的可视化调试器：找出挂起作业的各个 rank 在哪个进程组和哪个集合通信处分叉，以及应负责的 rank。</translation>
    </message>
    <message>
        <source>Build information:</source>
        <translation>构建信息：</translation>
    </message>
    <message>
        <source>&amp;Copy Build Information</source>
        <translation>复制构建信息(&amp;C)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 &amp;Qt</translation>
    </message>
    <message>
        <source>&amp;About FlightDeck</source>
        <translation>关于 FlightDeck(&amp;A)</translation>
    </message>
</context>
<context>
    <name>fd::AppTheme</name>
    <message>
        <source>system palette</source>
        <translation>系统配色</translation>
    </message>
    <message>
        <source>light palette</source>
        <translation>浅色配色</translation>
    </message>
    <message>
        <source>dark palette</source>
        <translation>深色配色</translation>
    </message>
</context>
<context>
    <name>fd::CaptureDialog</name>
    <message>
        <source>Capture from running job</source>
        <translation>从运行中的作业采集</translation>
    </message>
    <message>
        <source>torch worker servers on Unix sockets</source>
        <translation>Unix 套接字上的 torch worker 服务器</translation>
    </message>
    <message>
        <source>torch worker servers on host:port</source>
        <translation>host:port 上的 torch worker 服务器</translation>
    </message>
    <message>
        <source>NCCL dump pipes on this node</source>
        <translation>本节点上的 NCCL 转储管道</translation>
    </message>
    <message>
        <source>TORCH_FR_DUMP_TEMP_FILE of the ranks</source>
        <translation>各 rank 的 TORCH_FR_DUMP_TEMP_FILE</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Folder for the capture</source>
        <translation>采集文件夹</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Allow worker servers on other hosts</source>
        <translation>允许其他主机上的 worker 服务器</translation>
    </message>
    <message>
        <source>&amp;Ranks:</source>
        <translation>rank(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;Where:</source>
        <translation>位置(&amp;W)：</translation>
    </message>
    <message>
        <source>&amp;Dump prefix:</source>
        <translation>转储前缀(&amp;D)：</translation>
    </message>
    <message>
        <source>&amp;Save into:</source>
        <translation>保存到(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Timeout per rank:</source>
        <translation>每个 rank 的时限(&amp;T)：</translation>
    </message>
    <message>
        <source>The capture goes into a new capture-&lt;UTC time&gt; folder there, then opens like a dump folder. A rank that does not answer is listed under Load problems.</source>
        <translation>采集结果存入该处新建的 capture-&lt;UTC 时间&gt; 文件夹，随后像转储文件夹一样打开。未应答的 rank 会列在“加载问题”中。</translation>
    </message>
    <message>
        <source>&amp;Capture</source>
        <translation>采集(&amp;C)</translation>
    </message>
    <message>
        <source>glob of TORCH_WORKER_SERVER_SOCKET, e.g. /tmp/job/worker_*.sock</source>
        <translation>TORCH_WORKER_SERVER_SOCKET 的 glob 模式，例如 /tmp/job/worker_*.sock</translation>
    </message>
    <message>
        <source>host:port list in rank order, e.g. 127.0.0.1:25999,127.0.0.1:26000</source>
        <translation>按 rank 排序的 host:port 列表，例如 127.0.0.1:25999,127.0.0.1:26000</translation>
    </message>
    <message>
        <source>TORCH_NCCL_DEBUG_INFO_PIPE_FILE of the ranks, e.g. /tmp/nccl_pipe_</source>
        <translation>各 rank 的 TORCH_NCCL_DEBUG_INFO_PIPE_FILE，例如 /tmp/nccl_pipe_</translation>
    </message>
    <message>
        <source>Say where the ranks listen.</source>
        <translation>请说明各 rank 在何处监听。</translation>
    </message>
    <message>
        <source>A pipe capture needs the ranks&apos; dump prefix (TORCH_FR_DUMP_TEMP_FILE).</source>
        <translation>管道采集需要各 rank 的转储前缀（TORCH_FR_DUMP_TEMP_FILE）。</translation>
    </message>
    <message>
        <source>Choose a folder for the capture.</source>
        <translation>请为采集选择一个文件夹。</translation>
    </message>
    <message>
        <source>torch debug server (start_debug_server), through the job&apos;s store</source>
        <translation>torch 调试服务器（start_debug_server），通过作业的存储</translation>
    </message>
    <message>
        <source>e.g. 127.0.0.1:29500</source>
        <translation>例如 127.0.0.1:29500</translation>
    </message>
    <message>
        <source>Job&apos;s &amp;store (MASTER_ADDR:MASTER_PORT):</source>
        <translation>作业的存储(&amp;S)（MASTER_ADDR:MASTER_PORT）：</translation>
    </message>
    <message>
        <source>Give the job&apos;s store, MASTER_ADDR:MASTER_PORT.</source>
        <translation>请给出作业的存储，MASTER_ADDR:MASTER_PORT。</translation>
    </message>
</context>
<context>
    <name>fd::CollectiveModel</name>
    <message>
        <source>PG</source>
        <translation>进程组</translation>
    </message>
    <message>
        <source>Seq</source>
        <translation>序号</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>已开始</translation>
    </message>
    <message>
        <source>Scheduled</source>
        <translation>已排队</translation>
    </message>
    <message>
        <source>p2p %1</source>
        <translation>点对点 %1</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
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
        <translation>状态</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Input sizes</source>
        <translation>输入尺寸</translation>
    </message>
    <message>
        <source>Input dtypes</source>
        <translation>输入数据类型</translation>
    </message>
    <message>
        <source>Output sizes</source>
        <translation>输出尺寸</translation>
    </message>
    <message>
        <source>Output dtypes</source>
        <translation>输出数据类型</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>创建时间</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Completed</source>
        <translation>完成时间</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>no record</source>
        <translation>无记录</translation>
    </message>
    <message>
        <source>no dump</source>
        <translation>无转储</translation>
    </message>
</context>
<context>
    <name>fd::DetailsPanel</name>
    <message>
        <source>Click a box in the timeline to see that collective on every rank.</source>
        <translation>单击时间线中的方块，查看该集合通信在每个 rank 上的情况。</translation>
    </message>
    <message>
        <source>%1 %2#%3 on %4</source>
        <translation>%4 上的 %1 %2#%3</translation>
    </message>
    <message>
        <source>p2p </source>
        <translation>点对点 </translation>
    </message>
    <message>
        <source>%1 %2#%3 on %4: an older entry of rank %5</source>
        <translation>%4 上的 %1 %2#%3：进程 %5 的较早条目</translation>
    </message>
    <message>
        <source>Entry %1 of %2 in %3: older than the window the analysis judged, read again from the file</source>
        <translation>%3 中的第 %1 条（共 %2 条）：早于分析所判断的窗口，已从文件重新读取</translation>
    </message>
</context>
<context>
    <name>fd::DurationChart</name>
    <message>
        <source>Op durations: select a process group</source>
        <translation>操作耗时：请选择一个进程组</translation>
    </message>
    <message>
        <source>No op durations in %1: the dumps were written without TORCH_NCCL_ENABLE_TIMING</source>
        <translation>%1 中没有操作耗时：转储写入时未设置 TORCH_NCCL_ENABLE_TIMING</translation>
    </message>
    <message>
        <source>sequence id</source>
        <translation>序列 ID</translation>
    </message>
    <message>
        <source>duration (ms)</source>
        <translation>耗时（毫秒）</translation>
    </message>
    <message numerus="yes">
        <source>Op durations in %1 across %n rank(s)</source>
        <translation>
            <numerusform>%1 中 %n 个 rank 的操作耗时</numerusform>
        </translation>
    </message>
    <message>
        <source> (%1 sequence ids per point)</source>
        <translation>（每个点 %1 个序列 ID）</translation>
    </message>
    <message>
        <source>max</source>
        <translation>最大值</translation>
    </message>
    <message>
        <source>p95</source>
        <translation>P95</translation>
    </message>
    <message>
        <source>median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <source>min</source>
        <translation>最小值</translation>
    </message>
    <message>
        <source>rank %1 (mean %2 ms)</source>
        <translation>rank %1（平均 %2 毫秒）</translation>
    </message>
</context>
<context>
    <name>fd::EvidencePanel</name>
    <message>
        <source>Nothing diverged: no evidence to show</source>
        <translation>没有分叉：无证据可显示</translation>
    </message>
    <message>
        <source>Open a job to see its evidence</source>
        <translation>打开一个作业以查看其证据</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
</context>
<context>
    <name>fd::EvidencePicture</name>
    <message>
        <source>p2p op %1</source>
        <translation>点对点操作 %1</translation>
    </message>
    <message>
        <source>collective %1</source>
        <translation>集合通信 %1</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message numerus="yes">
        <source>and %n more member(s) not shown</source>
        <translation>
            <numerusform>另有 %n 个成员未显示</numerusform>
        </translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message numerus="yes">
        <source>and %n more finding(s)</source>
        <translation>
            <numerusform>另有 %n 个发现</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fd::ExplainFindings</name>
    <message>
        <source>No hang</source>
        <translation>无挂起</translation>
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
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>未知</translation>
    </message>
</context>
<context>
    <name>fd::ExplainPanel</name>
    <message>
        <source>LLM narrative (may be wrong: the analysis verdict above stands)</source>
        <translation>LLM 叙述（可能有误：以上方的分析结论为准）</translation>
    </message>
    <message>
        <source>&amp;Explain</source>
        <translation>解释(&amp;E)</translation>
    </message>
    <message>
        <source>Send the analysis findings (not the dumps) to the LLM and show its narrative</source>
        <translation>将分析发现（而非转储）发送给 LLM 并显示其叙述</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Settings...</source>
        <translation>设置(&amp;S)...</translation>
    </message>
    <message>
        <source>Nothing to explain yet: load dumps first.</source>
        <translation>尚无可解释的内容：请先加载转储。</translation>
    </message>
    <message>
        <source>Waiting for %1 to answer...</source>
        <translation>正在等待 %1 回答...</translation>
    </message>
    <message>
        <source>Asking %1 at %2...</source>
        <translation>正在通过 %2 询问 %1...</translation>
    </message>
    <message numerus="yes">
        <source>Receiving from %1... (%n character(s))</source>
        <translation>
            <numerusform>正在从 %1 接收...（%n 个字符）</numerusform>
        </translation>
    </message>
    <message>
        <source>Retrying now (attempt %1 of %2)...</source>
        <translation>正在重试（第 %1 次，共 %2 次）...</translation>
    </message>
    <message numerus="yes">
        <source>%1; retrying in %n s (attempt %2 of %3)</source>
        <translation>
            <numerusform>%1；%n 秒后重试（第 %2 次，共 %3 次）</numerusform>
        </translation>
    </message>
    <message>
        <source>The answer has no &quot;hanging ranks&quot; line to compare; the analysis names %1.</source>
        <translation>回答中没有可供比较的“hanging ranks”行；分析结果指出的是 %1。</translation>
    </message>
    <message>
        <source>✔ The LLM agrees with the analysis: hanging ranks %1.</source>
        <translation>✔ LLM 与分析结果一致：挂起的 rank 为 %1。</translation>
    </message>
    <message>
        <source>the LLM names extra ranks %1 that the analysis does not flag</source>
        <translation>LLM 额外指出了分析未标记的 rank %1</translation>
    </message>
    <message>
        <source>the LLM misses ranks %1 that the analysis flags</source>
        <translation>LLM 遗漏了分析所标记的 rank %1</translation>
    </message>
    <message>
        <source>⚠ Disagreement: %1. Trust the analysis verdict.</source>
        <translation>⚠ 结论不一致：%1。请以分析结论为准。</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>Answer from %1 in %2 s</source>
        <translation>%1 在 %2 秒内作答</translation>
    </message>
    <message numerus="yes">
        <source>, %n token(s)</source>
        <translation>
            <numerusform>，%n 个 token</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, after %n attempt(s)</source>
        <translation>
            <numerusform>，共尝试 %n 次</numerusform>
        </translation>
    </message>
    <message>
        <source> (cut off by the server&apos;s token limit)</source>
        <translation>（因服务器的 token 上限而被截断）</translation>
    </message>
    <message>
        <source>Cancelled before any text arrived.</source>
        <translation>在收到任何文本之前已取消。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Cancelled; the partial answer above was not compared with the verdict.</source>
        <translation>已取消；上方的部分回答未与结论进行比较。</translation>
    </message>
    <message>
        <source>Use Settings... to enter a key.</source>
        <translation>请通过“设置...”输入密钥。</translation>
    </message>
    <message>
        <source>Check the key in Settings...</source>
        <translation>请在“设置...”中检查密钥。</translation>
    </message>
    <message>
        <source>Check the base URL and model in Settings...</source>
        <translation>请在“设置...”中检查基础 URL 和模型。</translation>
    </message>
    <message>
        <source>No narrative: the request failed (see below).</source>
        <translation>无叙述：请求失败（见下文）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Analysis verdict:&lt;/b&gt; no dumps loaded.</source>
        <translation>&lt;b&gt;分析结论：&lt;/b&gt;未加载转储。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Analysis verdict:&lt;/b&gt; %1&lt;br/&gt;&lt;b&gt;Hanging ranks:&lt;/b&gt; %2</source>
        <translation>&lt;b&gt;分析结论：&lt;/b&gt;%1&lt;br/&gt;&lt;b&gt;挂起的 rank：&lt;/b&gt;%2</translation>
    </message>
    <message>
        <source>Press Explain to ask %1 for a plain-language account of these findings.</source>
        <translation>点击“解释”，请 %1 用通俗语言说明这些发现。</translation>
    </message>
    <message>
        <source>Load dumps to get findings to explain.</source>
        <translation>加载转储以获得可解释的发现。</translation>
    </message>
    <message>
        <source>Settings... sets how long to wait.</source>
        <translation>可在“设置...”中设定等待时长。</translation>
    </message>
</context>
<context>
    <name>fd::ExplainSettings</name>
    <message>
        <source>the settings dialog (this session only)</source>
        <translation>设置对话框（仅本次会话）</translation>
    </message>
</context>
<context>
    <name>fd::Exporter</name>
    <message>
        <source>Exported by FlightDeck</source>
        <translation>由 FlightDeck 导出</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>Nothing to report: no job is open</source>
        <translation>没有可报告的内容：未打开作业</translation>
    </message>
    <message>
        <source>Process groups of the causal chain: the culprits&apos; and the frontier&apos;s, and those blocked behind them (%1 of %2; the app shows them all)</source>
        <translation>因果链上的进程组：责任方所在的、分叉前沿所在的以及被它们阻塞的进程组（%2 个中的 %1 个；应用中显示全部）</translation>
    </message>
</context>
<context>
    <name>fd::FilesModel</name>
    <message>
        <source>used</source>
        <translation>已使用</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>partly read</source>
        <translation>部分读取</translation>
    </message>
    <message>
        <source>Use</source>
        <translation>用途</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
</context>
<context>
    <name>fd::FindingsModel</name>
    <message>
        <source>deadlock</source>
        <translation>死锁</translation>
    </message>
    <message>
        <source>note</source>
        <translation>注意</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重性</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>PG</source>
        <translation>进程组</translation>
    </message>
    <message>
        <source>Seq</source>
        <translation>序号</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>发现</translation>
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
        <translation>rank %1 的健康检查：</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: %2 — %3</source>
        <translation>%1：%2 — %3</translation>
    </message>
</context>
<context>
    <name>fd::HelpOverlay</name>
    <message>
        <source>Ctrl+O</source>
        <translation>Ctrl+O</translation>
    </message>
    <message>
        <source>Open a dump directory or prefix</source>
        <translation>打开转储目录或前缀</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation>Ctrl+Shift+O</translation>
    </message>
    <message>
        <source>Open dump files</source>
        <translation>打开转储文件</translation>
    </message>
    <message>
        <source>Drop</source>
        <translation>拖放</translation>
    </message>
    <message>
        <source>Drop a directory or files on the window to open them</source>
        <translation>将目录或文件拖放到窗口上即可打开</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Export report (PNG + JSON)</source>
        <translation>导出报告（PNG + JSON）</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>Export the view under the mouse (PNG/SVG)</source>
        <translation>导出鼠标下方的视图（PNG/SVG）</translation>
    </message>
    <message>
        <source>Ctrl+wheel, +/-</source>
        <translation>Ctrl+滚轮、+/-</translation>
    </message>
    <message>
        <source>Zoom the timeline at the cursor</source>
        <translation>以光标为中心缩放时间线</translation>
    </message>
    <message>
        <source>Drag, Shift+wheel, ←/→</source>
        <translation>拖动、Shift+滚轮、←/→</translation>
    </message>
    <message>
        <source>Pan the timeline</source>
        <translation>平移时间线</translation>
    </message>
    <message>
        <source>Shift+drag</source>
        <translation>Shift+拖动</translation>
    </message>
    <message>
        <source>Zoom to a range</source>
        <translation>缩放到某个范围</translation>
    </message>
    <message>
        <source>Backspace</source>
        <translation>Backspace</translation>
    </message>
    <message>
        <source>Zoom back</source>
        <translation>返回上一缩放</translation>
    </message>
    <message>
        <source>0 / Home</source>
        <translation>0 / Home</translation>
    </message>
    <message>
        <source>Alt+wheel, [ / ]</source>
        <translation>Alt+滚轮、[ / ]</translation>
    </message>
    <message>
        <source>Lane height</source>
        <translation>泳道高度</translation>
    </message>
    <message>
        <source>Click</source>
        <translation>单击</translation>
    </message>
    <message>
        <source>Select a collective (details follow)</source>
        <translation>选择一个集合通信（详情随之显示）</translation>
    </message>
    <message>
        <source>T</source>
        <translation>T</translation>
    </message>
    <message>
        <source>Switch x between sequence and wall time</source>
        <translation>在序列号与挂钟时间之间切换 x 轴</translation>
    </message>
    <message>
        <source>F</source>
        <translation>F</translation>
    </message>
    <message>
        <source>Filter the timeline to the frontier PG</source>
        <translation>将时间线筛选为分叉前沿所在的进程组</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Clear the PG filter / leave presentation</source>
        <translation>清除进程组筛选 / 退出演示</translation>
    </message>
    <message>
        <source>F5</source>
        <translation>F5</translation>
    </message>
    <message>
        <source>Presentation mode</source>
        <translation>演示模式</translation>
    </message>
    <message>
        <source>F11</source>
        <translation>F11</translation>
    </message>
    <message>
        <source>Full screen</source>
        <translation>全屏</translation>
    </message>
    <message>
        <source>Ctrl+Shift+D</source>
        <translation>Ctrl+Shift+D</translation>
    </message>
    <message>
        <source>Cycle palette: system, light, dark</source>
        <translation>切换配色：系统、浅色、深色</translation>
    </message>
    <message>
        <source>Ctrl+Q</source>
        <translation>Ctrl+Q</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <source>?</source>
        <translation>?</translation>
    </message>
    <message>
        <source>This help</source>
        <translation>本帮助</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Back to the evidence: the frontier and the collectives before it</source>
        <translation>回到证据：分叉前沿及其之前的集合通信</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>Show all: every collective, the whole graph</source>
        <translation>显示全部：所有集合通信、整个图</translation>
    </message>
    <message>
        <source>Click a group, Enter</source>
        <translation>单击分组、Enter</translation>
    </message>
    <message>
        <source>Show each rank of a group lane (Enter again: regroup)</source>
        <translation>逐个显示分组泳道中的 rank（再按 Enter：重新分组）</translation>
    </message>
</context>
<context>
    <name>fd::LiveActions</name>
    <message>
        <source>&amp;Capture from running job…</source>
        <translation>从运行中的作业采集(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Watch folder…</source>
        <translation>监视文件夹(&amp;W)…</translation>
    </message>
    <message>
        <source>Watch a folder for dumps</source>
        <translation>监视文件夹中的转储</translation>
    </message>
    <message>
        <source>&amp;Stop watching</source>
        <translation>停止监视(&amp;S)</translation>
    </message>
    <message>
        <source> — stopped: time is up, the set is incomplete</source>
        <translation> — 已停止：时间已到，转储仍不完整</translation>
    </message>
    <message>
        <source>Capturing from %1 …</source>
        <translation>正在从 %1 采集…</translation>
    </message>
    <message>
        <source>Captured %1 of %2 rank(s) into %3</source>
        <translation>已采集 %2 个 rank 中的 %1 个，存入 %3</translation>
    </message>
    <message>
        <source>; no answer from rank(s) %1</source>
        <translation>；rank %1 无应答</translation>
    </message>
    <message>
        <source>Nothing captured: %1</source>
        <translation>未采集到任何内容：%1</translation>
    </message>
    <message>
        <source>Watching %1: waiting for dumps</source>
        <translation>正在监视 %1：等待转储</translation>
    </message>
    <message>
        <source> — stopped</source>
        <translation> — 已停止</translation>
    </message>
    <message>
        <source>Watching %1: %2 dump(s) of world %3; missing: %4; growing: %5; verdict so far: %6, ranks named: %7</source>
        <translation>正在监视 %1：world 大小 %3 中已有 %2 份转储；缺失：%4；仍在增长：%5；目前结论：%6，指明的 rank：%7</translation>
    </message>
    <message>
        <source> — complete</source>
        <translation> — 已完整</translation>
    </message>
    <message>
        <source>Watch folder</source>
        <translation>监视文件夹</translation>
    </message>
    <message>
        <source>Stop watching after (minutes), if ranks are still missing:</source>
        <translation>若仍有 rank 缺失，在多少分钟后停止监视：</translation>
    </message>
    <message>
        <source>at least %1 (no dump names the world&apos;s ranks)</source>
        <translation>至少 %1（没有转储列出作业的全部 rank）</translation>
    </message>
    <message>
        <source>Stopped watching %1: the folder is gone (deleted, moved or unmounted); showing what had arrived</source>
        <translation>已停止监视 %1：该文件夹已不存在（被删除、移动或卸载）；显示已到达的内容</translation>
    </message>
    <message>
        <source> — not compared with the snapshot before: %1</source>
        <translation> — 未与上一个快照比较：%1</translation>
    </message>
</context>
<context>
    <name>fd::LlmSettingsDialog</name>
    <message>
        <source>LLM Settings</source>
        <translation>LLM 设置</translation>
    </message>
    <message>
        <source>&amp;Remember the key on this computer</source>
        <translation>在此计算机上记住密钥(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Base URL:</source>
        <translation>基础 URL(&amp;B)：</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation>API 密钥(&amp;K)：</translation>
    </message>
    <message>
        <source>Only the analysis findings (verdict, frontier, culprits, victims, mismatches, health) are sent, never the dump files. Plain http:// is accepted only for a server on this machine.</source>
        <translation>只发送分析发现（结论、分叉前沿、责任方、受害方、不匹配项、健康状况），绝不发送转储文件。仅当服务器位于本机时才接受明文 http://。</translation>
    </message>
    <message>
        <source>empty: keep this session&apos;s key</source>
        <translation>留空：保留本次会话的密钥</translation>
    </message>
    <message>
        <source>A key entered earlier is kept in memory for this session.</source>
        <translation>之前输入的密钥在本次会话中保存在内存里。</translation>
    </message>
    <message>
        <source>empty: keep the current key</source>
        <translation>留空：保留当前密钥</translation>
    </message>
    <message>
        <source>Current key from %1.</source>
        <translation>当前密钥来自 %1。</translation>
    </message>
    <message>
        <source>no key yet</source>
        <translation>尚无密钥</translation>
    </message>
    <message>
        <source>No key found in LLM_API_KEY, LLM_API_KEY_FILE, ~/.llm_api_key or ~/.config/nvrx/llm_api_key.</source>
        <translation>在 LLM_API_KEY、LLM_API_KEY_FILE、~/.llm_api_key 或 ~/.config/nvrx/llm_api_key 中均未找到密钥。</translation>
    </message>
    <message>
        <source>A remembered key is saved to %1, readable only by you; otherwise it is kept in memory until FlightDeck quits.</source>
        <translation>记住的密钥保存在 %1 中，仅您本人可读；否则它只保存在内存中，直到 FlightDeck 退出。</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>The whole request, retries and waits included, gives up after this long whatever the server does.</source>
        <translation>整个请求（包括重试和等待）在此时长后放弃，无论服务器如何响应。</translation>
    </message>
    <message>
        <source>&amp;Give up after:</source>
        <translation>放弃时限(&amp;G)：</translation>
    </message>
</context>
<context>
    <name>fd::LoadController</name>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation>
            <numerusform>%n 个文件</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not load %1</source>
        <translation>无法加载 %1</translation>
    </message>
    <message>
        <source>No dump could be read from %1</source>
        <translation>无法从 %1 读取任何转储</translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) dropped together; opened %1 only (one job at a time). Not opened: %2</source>
        <translation>
            <numerusform>同时拖放了 %n 项；只打开了 %1（一次只打开一个作业）。未打开：%2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fd::LoadProblemsModel</name>
    <message>
        <source>byte %1: </source>
        <translation>字节 %1：</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重性</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
</context>
<context>
    <name>fd::MainWindow</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>FlightDeck</source>
        <translation>FlightDeck</translation>
    </message>
    <message>
        <source>Reading %1 …</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Loading %1</source>
        <translation>正在加载 %1</translation>
    </message>
    <message>
        <source>Analysing …</source>
        <translation>正在分析…</translation>
    </message>
    <message numerus="yes">
        <source>%n dump(s), %1 entries</source>
        <translation>
            <numerusform>%n 个转储，%1 个条目</numerusform>
        </translation>
    </message>
    <message>
        <source>Loading cancelled</source>
        <translation>加载已取消</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Collectives</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Process groups</source>
        <translation>进程组</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>进度</translation>
    </message>
    <message>
        <source>Durations</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Load problems</source>
        <translation>加载问题</translation>
    </message>
    <message>
        <source>Explain</source>
        <translation>解释</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open directory or prefix…</source>
        <translation>打开目录或前缀(&amp;O)…</translation>
    </message>
    <message>
        <source>Open dump directory</source>
        <translation>打开转储目录</translation>
    </message>
    <message>
        <source>Open &amp;archive…</source>
        <translation>打开归档(&amp;A)…</translation>
    </message>
    <message>
        <source>Open archive of dumps</source>
        <translation>打开转储归档</translation>
    </message>
    <message>
        <source>Archives of dumps (%1)</source>
        <translation>转储归档 (%1)</translation>
    </message>
    <message>
        <source>Open &amp;files…</source>
        <translation>打开文件(&amp;F)…</translation>
    </message>
    <message>
        <source>Open dump files</source>
        <translation>打开转储文件</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Export report (PNG + JSON)…</source>
        <translation>导出报告(&amp;E)（PNG + JSON）…</translation>
    </message>
    <message>
        <source>Export &amp;view</source>
        <translation>导出视图(&amp;V)</translation>
    </message>
    <message>
        <source>Timeline…</source>
        <translation>时间线…</translation>
    </message>
    <message>
        <source>Process-group graph…</source>
        <translation>进程组图…</translation>
    </message>
    <message>
        <source>Progress chart…</source>
        <translation>进度图…</translation>
    </message>
    <message>
        <source>Duration chart…</source>
        <translation>耗时图…</translation>
    </message>
    <message>
        <source>Whole window…</source>
        <translation>整个窗口…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Zoom &amp;back</source>
        <translation>返回上一缩放(&amp;B)</translation>
    </message>
    <message>
        <source>Toggle x: sequence / wall &amp;time</source>
        <translation>切换 x 轴：序列号 / 挂钟时间(&amp;T)</translation>
    </message>
    <message>
        <source>Filter to the &amp;frontier PG</source>
        <translation>筛选为分叉前沿进程组(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Clear PG filter</source>
        <translation>清除进程组筛选(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Presentation mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>F&amp;ull screen</source>
        <translation>全屏(&amp;U)</translation>
    </message>
    <message>
        <source>Cycle &amp;palette</source>
        <translation>切换配色(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>设置(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;LLM…</source>
        <translation>&amp;LLM…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>Keyboard shortcuts (F1)</source>
        <translation>键盘快捷键（F1）</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>后退</translation>
    </message>
    <message>
        <source>Zoom back (Backspace)</source>
        <translation>返回上一缩放（Backspace）</translation>
    </message>
    <message>
        <source>%1 — FlightDeck</source>
        <translation>%1 — FlightDeck</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be read: see Load problems</source>
        <translation>
            <numerusform>%n 个文件无法读取：请查看“加载问题”</numerusform>
        </translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Wrote %1 and %2</source>
        <translation>已写入 %1 和 %2</translation>
    </message>
    <message>
        <source>Export view</source>
        <translation>导出视图</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG 图像 (*.png);;SVG 绘图 (*.svg)</translation>
    </message>
    <message>
        <source>Back to the &amp;evidence</source>
        <translation>回到证据(&amp;E)</translation>
    </message>
    <message>
        <source>Show &amp;all</source>
        <translation>显示全部(&amp;A)</translation>
    </message>
    <message>
        <source>Show every collective and the whole graph (A)</source>
        <translation>显示所有集合通信和整个图（A）</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>Back to the frontier and the collectives just before it (0)</source>
        <translation>回到分叉前沿及其之前的集合通信（0）</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>文件列表</translation>
    </message>
    <message>
        <source>Stragglers</source>
        <translation>掉队者</translation>
    </message>
    <message>
        <source>Trace written to %1: open it in the Perfetto UI (ui.perfetto.dev)</source>
        <translation>跟踪已写入 %1：请在 Perfetto UI（ui.perfetto.dev）中打开</translation>
    </message>
    <message>
        <source>Export trace</source>
        <translation>导出跟踪</translation>
    </message>
    <message>
        <source>Stragglers chart…</source>
        <translation>掉队者图表…</translation>
    </message>
    <message>
        <source>Trace (Perfetto, chrome://tracing)…</source>
        <translation>跟踪（Perfetto、chrome://tracing）…</translation>
    </message>
    <message>
        <source>Trace-event JSON (*.json)</source>
        <translation>Trace-event JSON (*.json)</translation>
    </message>
    <message>
        <source>Writing the trace to %1 …</source>
        <translation>正在将跟踪写入 %1 …</translation>
    </message>
</context>
<context>
    <name>fd::PgBandGutter</name>
    <message>
        <source>Process-group bands</source>
        <translation>进程组层级</translation>
    </message>
</context>
<context>
    <name>fd::PgGraph</name>
    <message>
        <source>(no description)</source>
        <translation>（无描述）</translation>
    </message>
    <message>
        <source>%1 · PG %2</source>
        <translation>%1 · 进程组 %2</translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s): %1</source>
        <translation>
            <numerusform>%n 个 rank：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>culprit %1</source>
        <translation>责任方 %1</translation>
    </message>
    <message>
        <source>%1 missing</source>
        <translation>%1 个缺失</translation>
    </message>
    <message>
        <source>%1 stuck</source>
        <translation>%1 个卡住</translation>
    </message>
    <message>
        <source>ranks %1</source>
        <translation>rank %1</translation>
    </message>
    <message numerus="yes">
        <source>%n unhealthy</source>
        <translation>
            <numerusform>%n 个不健康</numerusform>
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
            <numerusform>%n 个等待中</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n PG(s) of %1 with the same status: %2</source>
        <translation>
            <numerusform>%1 中状态相同的 %n 个 PG：%2</numerusform>
        </translation>
    </message>
    <message>
        <source>Click to show each PG</source>
        <translation>单击以逐个显示 PG</translation>
    </message>
    <message numerus="yes">
        <source>%n with missing ranks</source>
        <translation>
            <numerusform>%n 个缺少 rank</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>fd::PgGraphView</name>
    <message>
        <source>Process-group graph</source>
        <translation>进程组图</translation>
    </message>
    <message numerus="yes">
        <source>%n shared rank(s)</source>
        <translation>
            <numerusform>%n 个共享 rank</numerusform>
        </translation>
    </message>
    <message>
        <source>(no description)</source>
        <translation>（无描述）</translation>
    </message>
</context>
<context>
    <name>fd::PgWaitLabel</name>
    <message>
        <source>cycle</source>
        <translation>循环</translation>
    </message>
    <message>
        <source>waits on</source>
        <translation>等待</translation>
    </message>
</context>
<context>
    <name>fd::ProcessGroupModel</name>
    <message>
        <source>PG</source>
        <translation>进程组</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Dumps</source>
        <translation>转储</translation>
    </message>
    <message>
        <source>Stuck</source>
        <translation>卡住</translation>
    </message>
    <message>
        <source>Missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>Last enqueued</source>
        <translation>最后入队</translation>
    </message>
</context>
<context>
    <name>fd::ProgressChart</name>
    <message>
        <source>Progress per rank: select a process group</source>
        <translation>每个 rank 的进度：请选择一个进程组</translation>
    </message>
    <message>
        <source>Progress per rank in %1</source>
        <translation>%1 中每个 rank 的进度</translation>
    </message>
    <message>
        <source>last enqueued</source>
        <translation>最后入队</translation>
    </message>
    <message>
        <source>last completed</source>
        <translation>最后完成</translation>
    </message>
    <message>
        <source>sequence id</source>
        <translation>序列 ID</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message numerus="yes">
        <source>%n ranks: %1</source>
        <translation>
            <numerusform>%n 个 rank：%1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (and %n more rank(s) further ahead)</source>
        <translation>
            <numerusform>（另有 %n 个 rank 进度更靠前）</numerusform>
        </translation>
    </message>
    <message>
        <source>ranks (least progress first)</source>
        <translation>rank（进度最少的在前）</translation>
    </message>
</context>
<context>
    <name>fd::ProgressPicture</name>
    <message>
        <source>Two snapshots, %1 s apart: %2 → %3</source>
        <translation>两个快照，相隔 %1 秒：%2 → %3</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message numerus="yes">
        <source>and %n more row(s) not shown</source>
        <translation>
            <numerusform>另有 %n 行未显示</numerusform>
        </translation>
    </message>
    <message>
        <source>earlier</source>
        <translation>较早</translation>
    </message>
    <message>
        <source>later</source>
        <translation>较晚</translation>
    </message>
    <message>
        <source>PG</source>
        <translation>进程组</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
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
        <translation>状态</translation>
    </message>
    <message>
        <source>Entries</source>
        <translation>条目</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>待处理</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Health</source>
        <translation>健康状况</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>culprit</source>
        <translation>责任方</translation>
    </message>
    <message>
        <source>culprit: %1</source>
        <translation>责任方：%1</translation>
    </message>
    <message>
        <source>no dump</source>
        <translation>无转储</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
</context>
<context>
    <name>fd::SeverityTableModel</name>
    <message>
        <source>info</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
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
        <translation>函数</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>The stack frames could not be read: %1</source>
        <translation>无法读取栈帧：%1</translation>
    </message>
    <message>
        <source>Reading the stack frames of rank %1 from %2…</source>
        <translation>正在从 %2 读取 rank %1 的栈帧…</translation>
    </message>
    <message>
        <source>No stack frames were recorded for this entry.</source>
        <translation>此条目没有记录栈帧。</translation>
    </message>
    <message>
        <source>This rank&apos;s dump carries no stack frames.</source>
        <translation>此 rank 的转储不含栈帧。</translation>
    </message>
    <message>
        <source>thread %1 (%2)</source>
        <translation>线程 %1（%2）</translation>
    </message>
    <message>
        <source>op id %1</source>
        <translation>op id %1</translation>
    </message>
    <message>
        <source>timeout %1</source>
        <translation>超时 %1</translation>
    </message>
</context>
<context>
    <name>fd::StragglerChart</name>
    <message>
        <source>Lateness per rank: no collective carries the times of two ranks</source>
        <translation>每个 rank 的延迟：没有任何集合操作带有两个 rank 的时间</translation>
    </message>
    <message>
        <source>GPU start lateness per rank against its peers (median over its collectives)</source>
        <translation>每个 rank 相对同组成员的 GPU 启动延迟（其集合操作的中位数）</translation>
    </message>
    <message>
        <source>Lateness per rank against its peers (median over its collectives)</source>
        <translation>每个 rank 相对同组成员的延迟（其集合操作的中位数）</translation>
    </message>
    <message>
        <source>median lateness</source>
        <translation>延迟中位数</translation>
    </message>
    <message>
        <source>straggler</source>
        <translation>掉队者</translation>
    </message>
    <message>
        <source>rank</source>
        <translation>rank</translation>
    </message>
    <message>
        <source>ms after the peers&apos; median</source>
        <translation>比同组成员中位数晚的毫秒数</translation>
    </message>
    <message>
        <source>GPU start lateness of %1 ranks against their peers, sorted (median over their collectives)</source>
        <translation>%1 个 rank 相对其同组成员的 GPU 启动延迟，已排序（其集合通信的中位数）</translation>
    </message>
    <message>
        <source>Lateness of %1 ranks against their peers, sorted (median over their collectives)</source>
        <translation>%1 个 rank 相对其同组成员的延迟，已排序（其集合通信的中位数）</translation>
    </message>
    <message>
        <source>ranks, least late first</source>
        <translation>rank（延迟最小的在前）</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <comment>rank, host</comment>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>hover a bar for its host</source>
        <translation>悬停柱形以查看其主机</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>host: its ranks</comment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>rank (%1)</source>
        <translation>rank（%1）</translation>
    </message>
    <message>
        <source>a median %1 ms after its peers</source>
        <translation>中位数比同组晚 %1 ms</translation>
    </message>
    <message>
        <source>a median %1 ms before its peers</source>
        <translation>中位数比同组早 %1 ms</translation>
    </message>
    <message>
        <source>A straggler</source>
        <translation>掉队者</translation>
    </message>
</context>
<context>
    <name>fd::TimelineControls</name>
    <message>
        <source>x: sequence</source>
        <translation>x：序列号</translation>
    </message>
    <message>
        <source>x: wall time</source>
        <translation>x：挂钟时间</translation>
    </message>
    <message>
        <source>Sequence ids within the PG (record order without a PG filter), or wall-clock time (T)</source>
        <translation>进程组内的序列 ID（无进程组筛选时按记录顺序），或挂钟时间（T）</translation>
    </message>
    <message>
        <source>lanes by rank</source>
        <translation>泳道按 rank</translation>
    </message>
    <message>
        <source>lanes by PG</source>
        <translation>泳道按进程组</translation>
    </message>
    <message>
        <source>lanes by progress</source>
        <translation>泳道按进度</translation>
    </message>
    <message>
        <source>With lanes by PG: the kind of PG that groups the lanes</source>
        <translation>泳道按进程组时：用于对泳道分组的进程组类型</translation>
    </message>
    <message>
        <source>Show only one process group&apos;s ranks and collectives</source>
        <translation>只显示一个进程组的 rank 和集合通信</translation>
    </message>
    <message>
        <source>First rank shown</source>
        <translation>显示的第一个 rank</translation>
    </message>
    <message>
        <source>Last rank shown</source>
        <translation>显示的最后一个 rank</translation>
    </message>
    <message>
        <source>ranks</source>
        <translation>rank</translation>
    </message>
    <message>
        <source>all process groups</source>
        <translation>所有进程组</translation>
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
        <translation>rank %1</translation>
    </message>
    <message>
        <source>Rank %1: no dump</source>
        <translation>Rank %1：无转储</translation>
    </message>
    <message>
        <source>Rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message>
        <source>Culprit</source>
        <translation>责任方</translation>
    </message>
    <message>
        <source>Culprit: %1</source>
        <translation>责任方：%1</translation>
    </message>
    <message>
        <source>Blocked behind a culprit</source>
        <translation>被责任方阻塞</translation>
    </message>
    <message>
        <source>%1 ranks: %2</source>
        <translation>%1 个 rank：%2</translation>
    </message>
    <message>
        <source>Identical in the visible range: the same op and state in every slot</source>
        <translation>在可见范围内相同：每个位置的操作和状态都相同</translation>
    </message>
    <message>
        <source>Click or press Enter to show each rank</source>
        <translation>单击或按 Enter 键以逐个显示 rank</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <comment>rank, host</comment>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Hosts: %1 and %2 more</source>
        <translation>主机：%1 及另外 %2 台</translation>
    </message>
    <message>
        <source>Hosts: %1</source>
        <translation>主机：%1</translation>
    </message>
    <message>
        <source>Rank %1 on host %2</source>
        <translation>主机 %2 上的 rank %1</translation>
    </message>
    <message>
        <source>Older entries: rank %1&apos;s (the group matches in the loaded window only); show each rank for theirs</source>
        <translation>较早的条目：进程 %1 的（该组仅在已加载的窗口内一致）；展开各进程可查看各自的条目</translation>
    </message>
    <message>
        <source>%1 ranks: %2, …</source>
        <translation>%1 个 rank：%2, …</translation>
    </message>
    <message>
        <source>%1 ranks</source>
        <translation>%1 个 rank</translation>
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
        <translation>从未进入 %1 #%2</translation>
    </message>
    <message>
        <source>%1 #%2 — %3</source>
        <translation>%1 #%2 — %3</translation>
    </message>
    <message>
        <source>in %1 %2 → out %3 %4</source>
        <translation>输入 %1 %2 → 输出 %3 %4</translation>
    </message>
    <message>
        <source>created %1</source>
        <translation>创建于 %1</translation>
    </message>
    <message>
        <source>, took %1</source>
        <translation>，耗时 %1</translation>
    </message>
    <message>
        <source>The diverging frontier</source>
        <translation>分叉前沿</translation>
    </message>
    <message>
        <source>Inside a coalesced group: its terminator %1 is %2 (inner ops always say scheduled)</source>
        <translation>位于合并组内：其终止操作 %1 的状态为 %2（组内操作始终显示为“已排队”）</translation>
    </message>
    <message>
        <source>joined %1 ms after its peers&apos; median</source>
        <translation>比同组成员中位数晚 %1 毫秒加入</translation>
    </message>
    <message>
        <source>joined %1 ms before its peers&apos; median</source>
        <translation>比同组成员中位数早 %1 毫秒加入</translation>
    </message>
    <message>
        <source>A straggler here: a median %1 ms late over %2 collectives</source>
        <translation>此处为掉队者：%2 次集合操作中延迟中位数为 %1 毫秒</translation>
    </message>
    <message>
        <source>Rank %1 · %2 · %3</source>
        <translation>Rank %1 · %2 · %3</translation>
    </message>
    <message>
        <source>Entry %1 of %2 in the file: older than the window the analysis judged, read again on demand</source>
        <translation>文件中的第 %1 条（共 %2 条）：早于分析所判断的窗口，按需重新读取</translation>
    </message>
    <message>
        <source>Read again from %1</source>
        <translation>从 %1 重新读取</translation>
    </message>
</context>
<context>
    <name>fd::TimelineLegend</name>
    <message>
        <source>frontier</source>
        <translation>分叉前沿</translation>
    </message>
    <message>
        <source>culprit rank</source>
        <translation>责任 rank</translation>
    </message>
</context>
<context>
    <name>fd::TimelinePainter</name>
    <message>
        <source>time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>seq</source>
        <translation>序号</translation>
    </message>
    <message>
        <source>from end</source>
        <translation>距末尾</translation>
    </message>
</context>
<context>
    <name>fd::TimelineView</name>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>No lanes match the filter</source>
        <translation>没有与筛选条件匹配的泳道</translation>
    </message>
    <message>
        <source>Open a job to see its timeline</source>
        <translation>打开一个作业以查看其时间线</translation>
    </message>
    <message>
        <source>Laying out …</source>
        <translation>正在布局…</translation>
    </message>
    <message>
        <source>rank %1: all %2 entries of its dump</source>
        <translation>Rank %1：其转储的全部 %2 条记录</translation>
    </message>
    <message>
        <source>loading older entries of rank %1…</source>
        <translation>正在加载 Rank %1 的较早记录…</translation>
    </message>
    <message>
        <source>rank %1&apos;s older entries could not be read again: %2</source>
        <translation>无法重新读取 Rank %1 的较早记录：%2</translation>
    </message>
    <message>
        <source>rank %1: all %2 entries, %3 read again from its dump</source>
        <translation>Rank %1：全部 %2 条记录，其中 %3 条从其转储重新读取</translation>
    </message>
    <message>
        <source>rank %1: newest %2 of %3 entries; older shaded by density (zoom in to read)</source>
        <translation>Rank %1：%3 条记录中最新的 %2 条；较早的按密度着色（放大以读取）</translation>
    </message>
    <message>
        <source>rank %1: newest %2 of %3 entries; older on demand</source>
        <translation>Rank %1：%3 条记录中最新的 %2 条；较早的按需读取</translation>
    </message>
    <message>
        <source>Rank %1: older entry %2 #%3, read again from its dump</source>
        <translation>进程 %1：较早的条目 %2 #%3，已从其转储重新读取</translation>
    </message>
    <message>
        <source>a row of %1 ranks showing rank %2&apos;s older entries; %3</source>
        <translation>一行 %1 个进程，显示进程 %2 的较早条目；%3</translation>
    </message>
</context>
<context>
    <name>fd::VerdictBanner</name>
    <message>
        <source>No hang</source>
        <translation>无挂起</translation>
    </message>
    <message>
        <source>Continue</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>FlightDeck</source>
        <translation>FlightDeck</translation>
    </message>
    <message>
        <source>No dump read</source>
        <translation>未读取到转储</translation>
    </message>
    <message>
        <source>No dump could be read from %1: Load problems says why.</source>
        <translation>无法从 %1 读取任何转储：原因见“加载问题”。</translation>
    </message>
    <message>
        <source>Open a Flight Recorder dump directory, files or a prefix (Ctrl+O), or drop them here.</source>
        <translation>打开 Flight Recorder 转储目录、文件或前缀（Ctrl+O），或将其拖放到此处。</translation>
    </message>
    <message>
        <source>No explanation given.</source>
        <translation>未给出解释。</translation>
    </message>
    <message>
        <source>Culprit ranks: %1</source>
        <translation>责任 rank：%1</translation>
    </message>
    <message>
        <source>frontier: %1 #%2 on %3</source>
        <translation>分叉前沿：%3 上的 %1 #%2</translation>
    </message>
    <message>
        <source>Loading</source>
        <translation>正在加载</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Advancing</source>
        <translation>仍在推进</translation>
    </message>
    <message>
        <source>Hung</source>
        <translation>挂起</translation>
    </message>
    <message>
        <source>Compared with the capture before (%1).</source>
        <translation>已与上一次采集（%1）比较。</translation>
    </message>
</context>
<context>
    <name>fd::theme</name>
    <message>
        <source>completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>started</source>
        <translation>已开始</translation>
    </message>
    <message>
        <source>scheduled</source>
        <translation>已排队</translation>
    </message>
    <message>
        <source>never entered</source>
        <translation>从未进入</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>inside coalesced group</source>
        <translation>位于合并组内</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>Visual debugger for PyTorch Flight Recorder dumps</source>
        <translation>PyTorch Flight Recorder 转储的可视化调试器</translation>
    </message>
    <message>
        <source>Dump directory, archive of dumps, dump file or path prefix</source>
        <translation>转储目录、转储归档、转储文件或路径前缀</translation>
    </message>
    <message>
        <source>Write the report picture to &lt;file&gt; and exit</source>
        <translation>将报告图片写入 &lt;文件&gt; 后退出</translation>
    </message>
    <message>
        <source>Write the JSON report to &lt;file&gt; and exit</source>
        <translation>将 JSON 报告写入 &lt;文件&gt; 后退出</translation>
    </message>
    <message>
        <source>--export-png/--export-json need one PATH</source>
        <translation>--export-png/--export-json 需要一个路径</translation>
    </message>
    <message>
        <source>--watch takes one folder and no PATH</source>
        <translation>--watch 只接受一个文件夹，且不接受 PATH</translation>
    </message>
</context>
</TS>
