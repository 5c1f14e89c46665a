<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>fd</name>
    <message>
        <source>deadlock</source>
        <translation>死锁</translation>
    </message>
    <message>
        <source>cycle</source>
        <translation>循环</translation>
    </message>
    <message>
        <source>note</source>
        <translation>注意</translation>
    </message>
    <message>
        <source>waits on</source>
        <translation>等待</translation>
    </message>
    <message>
        <source>time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>seq</source>
        <translation>序号</translation>
    </message>
    <message>
        <source>record</source>
        <translation>记录</translation>
    </message>
    <message>
        <source>%1 ✗</source>
        <translation>%1 ✗</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
</context>
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
    <name>fd::FindingsModel</name>
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
    <name>fd::Highlights</name>
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
        <source>Not analysed</source>
        <translation>未分析</translation>
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
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
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
</context>
<context>
    <name>fd::SyntheticJob</name>
    <message>
        <source>Every collective completed on every rank.</source>
        <translation>每个集合通信在每个 rank 上都已完成。</translation>
    </message>
    <message>
        <source>never entered %1 #%2</source>
        <translation>从未进入 %1 #%2</translation>
    </message>
    <message>
        <source>Rank %1 never entered %2 #%3 on %4; the %5 other ranks wait in it.</source>
        <translation>Rank %1 从未进入 %4 上的 %2 #%3；其余 %5 个 rank 在其中等待。</translation>
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
</context>
</TS>
