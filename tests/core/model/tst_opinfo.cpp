// What a profiling name says about an op (docs/dump-format.md section 2), and the per-member sizes rule of
// all_gather (out = in x group size) and reduce_scatter (in = out x group size).
#include "core/model/OpInfo.h"

#include <QTest>

using namespace fd;

Q_DECLARE_METATYPE(fd::OpFamily)

class TstOpInfo : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void families_data()
    {
        QTest::addColumn<QString>("profilingName");
        QTest::addColumn<OpFamily>("family");
        QTest::addColumn<QString>("canonical"); // what members must agree on
        QTest::addColumn<bool>("rootAsymmetric");
        auto row = [](const char* name, OpFamily f, const char* canonical, bool root = false) {
            QTest::newRow(name) << QString::fromLatin1(name) << f << QString::fromLatin1(canonical) << root;
        };
        row("nccl:all_reduce", OpFamily::AllReduce, "all_reduce");
        row("xccl:all_reduce", OpFamily::AllReduce, "all_reduce"); // another backend, the same op
        row("all_reduce", OpFamily::AllReduce, "all_reduce");      // no backend prefix
        // The legacy and tensor forms of one collective must compare equal across ranks.
        row("nccl:_all_gather_base", OpFamily::AllGather, "all_gather");
        row("nccl:all_gather_into_tensor", OpFamily::AllGather, "all_gather");
        row("nccl:_reduce_scatter_base", OpFamily::ReduceScatter, "reduce_scatter");
        row("nccl:all_to_all", OpFamily::AllToAll, "all_to_all");
        // A root may leave broadcast/reduce/gather/scatter before the others have entered.
        row("nccl:_broadcast_oop", OpFamily::AllReduce, "broadcast", true);
        row("nccl:reduce", OpFamily::AllReduce, "reduce", true);
        row("nccl:gather", OpFamily::Other, "gather", true);
        // Terminators of coalesced groups carry the group's state and no sizes...
        row("nccl:coalesced", OpFamily::CoalescedEnd, "coalesced");
        row("nccl:ALLGATHER_coalesced", OpFamily::CoalescedEnd, "ALLGATHER_coalesced");
        // ...but allreduce_coalesced is a real op with sizes.
        row("nccl:allreduce_coalesced", OpFamily::AllReduce, "allreduce_coalesced");
        row("nccl:barrier", OpFamily::Other, "barrier");
        row("", OpFamily::Other, "");
    }

    void families()
    {
        QFETCH(QString, profilingName);
        QFETCH(OpFamily, family);
        QFETCH(QString, canonical);
        QFETCH(bool, rootAsymmetric);
        const QByteArray bytes = profilingName.toLatin1();
        const OpInfo info = parseOpName(std::string_view(bytes.constData(), std::size_t(bytes.size())));
        QCOMPARE(info.family, family);
        QCOMPARE(QString::fromLatin1(info.canonical.data(), qsizetype(info.canonical.size())), canonical);
        QCOMPARE(info.rootAsymmetric, rootAsymmetric);
    }

    // p2p names carry the PG-local ranks of both ends: "send <self>-><peer>", "recv <self><-<peer>".
    void pointToPoint()
    {
        const OpInfo send = parseOpName("nccl:send 1->0");
        QCOMPARE(send.family, OpFamily::Send);
        QCOMPARE(send.selfLocal, 1);
        QCOMPARE(send.peerLocal, 0);
        QCOMPARE(std::string(send.canonical), std::string("send"));
        const OpInfo recv = parseOpName("nccl:recv 12<-3");
        QCOMPARE(recv.family, OpFamily::Recv);
        QCOMPARE(recv.selfLocal, 12);
        QCOMPARE(recv.peerLocal, 3);
        // Without the ranks the op is still a send; its ends are unknown.
        const OpInfo bare = parseOpName("nccl:send");
        QCOMPARE(bare.family, OpFamily::Send);
        QCOMPARE(bare.peerLocal, -1);
    }

    void sizesAgainstGroupSize()
    {
        // all_gather over 4 ranks: each contributes its input, receives all four.
        QVERIFY(sizesConsistentWithGroup(OpFamily::AllGather, 8, 32, 4));
        QVERIFY(!sizesConsistentWithGroup(OpFamily::AllGather, 8, 8, 4));
        // reduce_scatter over 4 ranks: the input is split into four outputs.
        QVERIFY(sizesConsistentWithGroup(OpFamily::ReduceScatter, 32, 8, 4));
        QVERIFY(!sizesConsistentWithGroup(OpFamily::ReduceScatter, 32, 32, 4));
        // all_reduce keeps sizes; all_to_all's per-rank sizes differ by design: no per-member rule.
        QVERIFY(sizesConsistentWithGroup(OpFamily::AllReduce, 32, 32, 4));
        QVERIFY(sizesConsistentWithGroup(OpFamily::AllToAll, 5, 7, 4));
        // No sizes recorded (a coalesced terminator): nothing to contradict.
        QVERIFY(sizesConsistentWithGroup(OpFamily::AllGather, 0, 0, 4));
    }
};

QTEST_GUILESS_MAIN(TstOpInfo)
#include "tst_opinfo.moc"
