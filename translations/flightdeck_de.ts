<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>fd</name>
    <message>
        <source>deadlock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cycle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waits on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seq</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ✗</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::CollectiveModel</name>
    <message>
        <source>PG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seq</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scheduled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p2p %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::CollectiveRanksModel</name>
    <message>
        <source>Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input sizes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input dtypes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output sizes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output dtypes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no dump</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::FindingsModel</name>
    <message>
        <source>info</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Severity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seq</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finding</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::Highlights</name>
    <message>
        <source>No hang</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not analysed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::LoadProblemsModel</name>
    <message>
        <source>byte %1: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Severity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::ProcessGroupModel</name>
    <message>
        <source>PG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Description</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dumps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stuck</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last enqueued</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::RankModel</name>
    <message>
        <source>Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Health</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>culprit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>culprit: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no dump</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::StackModel</name>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Function</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::SyntheticJob</name>
    <message>
        <source>Every collective completed on every rank.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never entered %1 #%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank %1 never entered %2 #%3 on %4; the %5 other ranks wait in it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::TimelineLayout</name>
    <message>
        <source>Rank %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Never entered %1 #%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 #%2 — %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in %1 %2 → out %3 %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>created %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, took %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The diverging frontier</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::TimelineView</name>
    <message>
        <source>Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No lanes match the filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a job to see its timeline</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::i18n</name>
    <message>
        <source>Language of the interface, e.g. de, zh_CN or en (default: the system language).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>language</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>fd::theme</name>
    <message>
        <source>completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scheduled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never entered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
