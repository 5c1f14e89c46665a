// The read-only TCPStore client (core/capture/TcpStoreClient.h) and the worker list it reads
// (core/capture/StoreEndpoints.h), against a fake store of our own that speaks torch's wire protocol
// (docs/capture.md) and misbehaves on purpose: every misbehaviour must be one named error within the timeout.
#include "core/capture/StoreEndpoints.h"
#include "core/capture/TcpStoreClient.h"
#include "core/capture/WorkerAddress.h"

#include <QElapsedTimer>
#include <QHostAddress>
#include <QtTest>

#include <arpa/inet.h>
#include <atomic>
#include <cstring>
#include <map>
#include <mutex>
#include <netinet/in.h>
#include <poll.h>
#include <set>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace fd;

namespace {

enum class Misbehaviour
{
    None,
    SilentHandshake, // accepts, never answers PING
    WrongNonce,
    HugeLength,    // GET says its value is 1 TiB
    CloseMidValue, // GET sends the length, three bytes, then closes
    EndlessData,   // after PING, bytes nobody asked for, forever
    BadCheckByte,
    SlowValue, // GET answers after the client's deadline
    Http,      // an HTTP server (torch's debug frontend) on the port
};

// torch's TCPStore server as far as a reader needs it, on 127.0.0.1.
class FakeStore
{
public:
    explicit FakeStore(Misbehaviour m = Misbehaviour::None) : m_mode(m)
    {
        m_listen = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        ::bind(m_listen, reinterpret_cast<sockaddr*>(&a), sizeof a);
        socklen_t len = sizeof a;
        ::getsockname(m_listen, reinterpret_cast<sockaddr*>(&a), &len);
        m_port = ntohs(a.sin_port);
        ::listen(m_listen, 8);
        m_thread = std::thread([this] { serve(); });
    }
    ~FakeStore()
    {
        m_stop = true;
        ::shutdown(m_listen, SHUT_RDWR);
        ::close(m_listen);
        m_thread.join();
        for (std::thread& t : m_clients)
            t.join();
    }
    quint16 port() const { return m_port; }
    QString address() const { return QStringLiteral("127.0.0.1:%1").arg(m_port); }
    // Keys are set on the test's thread and read by the connections' threads: under the mutex, as a real
    // store's would be.
    void set(const QByteArray& wireKey, const QByteArray& value)
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_keys[wireKey] = value;
    }
    std::set<int> queries() // every query type received
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        return m_queries;
    }

private:
    bool readAll(int fd, void* out, std::size_t n)
    {
        auto* p = static_cast<char*>(out);
        while (n > 0) {
            pollfd pfd{fd, POLLIN, 0};
            if (m_stop || ::poll(&pfd, 1, 100) < 0)
                return false;
            if (!(pfd.revents & (POLLIN | POLLHUP)))
                continue;
            const ssize_t got = ::recv(fd, p, n, 0);
            if (got <= 0)
                return false;
            p += got;
            n -= std::size_t(got);
        }
        return true;
    }
    bool readString(int fd, QByteArray& s)
    {
        quint64 n = 0;
        if (!readAll(fd, &n, 8) || n > 8192)
            return false;
        s.resize(qsizetype(n));
        return readAll(fd, s.data(), n);
    }
    bool hasKey(const QByteArray& key)
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        return m_keys.count(key) > 0;
    }
    QByteArray valueOf(const QByteArray& key)
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        const auto it = m_keys.find(key);
        return it == m_keys.end() ? QByteArray() : it->second;
    }
    qint64 keyCount()
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        return qint64(m_keys.size());
    }
    void sendBytes(int fd, const void* p, std::size_t n) { (void)::send(fd, p, n, MSG_NOSIGNAL); }
    void waitForStop()
    {
        while (!m_stop)
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    void serve()
    {
        while (!m_stop) {
            const int fd = ::accept(m_listen, nullptr, nullptr);
            if (fd < 0)
                return;
            m_clients.emplace_back([this, fd] { // one thread per connection: a silent one blocks no other
                client(fd);
                ::close(fd);
            });
        }
    }
    void client(int fd)
    {
        if (m_mode == Misbehaviour::Http) {
            char buf[512];
            (void)::recv(fd, buf, sizeof buf, 0); // our store handshake, or the probe's GET /
            if (std::memcmp(buf, "GET ", 4) != 0)
                return waitForStop(); // like Python's http.server: waits for a request line that never comes
            const QByteArray body = "<!doctype html><title>Index - PyTorch Distributed</title>";
            const QByteArray page = "HTTP/1.0 200 OK\r\nContent-Type: text/html\r\nContent-Length: " +
                                    QByteArray::number(body.size()) + "\r\n\r\n" + body;
            sendBytes(fd, page.constData(), std::size_t(page.size()));
            return;
        }
        while (!m_stop) {
            quint8 q = 0;
            if (!readAll(fd, &q, 1))
                return;
            {
                std::lock_guard<std::mutex> lock(m_mutex);
                m_queries.insert(q);
            }
            if (q == 0) { // VALIDATE
                quint32 magic = 0;
                if (!readAll(fd, &magic, 4) || magic != 0x3C85F7CE)
                    return;
            } else if (q == 13) { // PING
                quint32 nonce = 0;
                if (!readAll(fd, &nonce, 4))
                    return;
                if (m_mode == Misbehaviour::SilentHandshake)
                    return waitForStop();
                if (m_mode == Misbehaviour::WrongNonce)
                    ++nonce;
                sendBytes(fd, &nonce, 4);
                if (m_mode == Misbehaviour::EndlessData) {
                    const QByteArray junk(4096, 'x');
                    while (!m_stop &&
                           ::send(fd, junk.constData(), std::size_t(junk.size()), MSG_NOSIGNAL) > 0) {
                    }
                    return;
                }
            } else if (q == 5) { // CHECK
                quint64 count = 0;
                if (!readAll(fd, &count, 8))
                    return;
                bool all = true;
                for (quint64 i = 0; i < count; ++i) {
                    QByteArray key;
                    if (!readString(fd, key))
                        return;
                    all = all && hasKey(key);
                }
                const quint8 answer = m_mode == Misbehaviour::BadCheckByte ? 7 : (all ? 0 : 1);
                sendBytes(fd, &answer, 1);
            } else if (q == 3) { // GET
                QByteArray key;
                if (!readString(fd, key))
                    return;
                const QByteArray value = valueOf(key);
                quint64 n = m_mode == Misbehaviour::HugeLength ? (1ULL << 40) : quint64(value.size());
                if (m_mode == Misbehaviour::SlowValue)
                    return waitForStop();
                sendBytes(fd, &n, 8);
                if (m_mode == Misbehaviour::CloseMidValue) {
                    sendBytes(fd, value.constData(), 3);
                    return;
                }
                sendBytes(fd, value.constData(), std::size_t(value.size()));
            } else if (q == 7) { // GETNUMKEYS
                const qint64 n = keyCount();
                sendBytes(fd, &n, 8);
            } else {
                return; // anything that writes or waits: a reader never sends it (the test checks queries())
            }
        }
    }

    Misbehaviour m_mode;
    int m_listen = -1;
    quint16 m_port = 0;
    std::atomic<bool> m_stop{false};
    std::map<QByteArray, QByteArray> m_keys;
    std::mutex m_mutex;
    std::set<int> m_queries;
    std::thread m_thread;
    std::vector<std::thread> m_clients;
};

QByteArray workerKey(int rank)
{
    return TcpStoreClient::wireKey(QStringLiteral("debug_server"), QStringLiteral("rank%1").arg(rank));
}

StoreEndpoints readStore(const FakeStore& store, int timeoutMs = 2000, int worldSize = 0)
{
    StoreRequest r;
    r.store = store.address();
    r.timeoutMs = timeoutMs;
    r.worldSize = worldSize;
    return endpointsFromStore(r);
}

} // namespace

class TestTcpStore : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void wireKeyIsWhatTorchWrites()
    {
        // PrefixStore("debug_server", TCPStore) and TCPStore's own "/" (checked against torch 2.13's server).
        QCOMPARE(workerKey(3), QByteArray("/debug_server/rank3"));
        QCOMPARE(TcpStoreClient::wireKey(QString(), QStringLiteral("rank0")), QByteArray("/rank0"));
    }
    void workerAddressesAreHostAndPortOnly()
    {
        QVERIFY(parseHostPort(QStringLiteral("http://vm:41237")).ok);
        QVERIFY(parseHostPort(QStringLiteral("http://[::1]:41237/")).ok);
        QCOMPARE(parseHostPort(QStringLiteral("[::1]:5")).host, QStringLiteral("::1"));
        for (const char* bad : {"http://vm:41237/handler/x", "/tmp/worker.sock", "http://u:p@vm:1", "vm:0",
                                "vm:65536", "vm", "http://vm:1?x=1", "vm:12 ; rm -rf /"})
            QVERIFY2(!parseHostPort(QLatin1String(bad)).ok, bad);
        QCOMPARE(printableExcerpt(QByteArray("a\x1b[2Jb\n")), QStringLiteral("a\\x1b[2Jb\\x0a"));
    }
    void readsEveryRankFromItsKeyWithReadQueriesOnly()
    {
        FakeStore store;
        store.set(workerKey(0), "http://127.0.0.1:41000");
        store.set(workerKey(2), "http://localhost:41002"); // a name, resolved to a loopback address
        store.set(workerKey(3), "http://127.0.0.1:41003");
        const StoreEndpoints found = readStore(store);
        QVERIFY2(found.error.isEmpty(), qPrintable(found.error));
        QCOMPARE(found.worldSize, 4);
        QVERIFY(found.worldFromKeys);
        QCOMPARE(found.endpoints.size(), std::size_t(3));
        QCOMPARE(found.endpoints[1].rank, 2);
        QCOMPARE(found.endpoints[1].port, quint16(41002));
        QVERIFY(QHostAddress(found.endpoints[1].host).isLoopback());
        QVERIFY2(found.endpoints[1].display().contains(QLatin1String("localhost")),
                 qPrintable(found.endpoints[1].display()));
        // rank 1 has no key: never asked, counted as missing, and the line says why.
        QCOMPARE(found.unreached.size(), std::size_t(1));
        QCOMPARE(found.unreached[0].rank, 1);
        QVERIFY(found.unreached[0].noEndpoint);
        QVERIFY2(found.unreached[0].error.contains(QLatin1String("start_debug_server")),
                 qPrintable(found.unreached[0].error));
        // Only VALIDATE, GET, CHECK and PING: nothing that sets, adds, deletes or waits.
        QCOMPARE(store.queries(), (std::set<int>{0, 3, 5, 13}));
    }
    void worldSizeGivenCountsRanksAboveTheLastKey()
    {
        FakeStore store;
        store.set(workerKey(0), "http://127.0.0.1:41000");
        const StoreEndpoints found = readStore(store, 2000, 3);
        QVERIFY2(found.error.isEmpty(), qPrintable(found.error));
        QCOMPARE(found.worldSize, 3);
        QCOMPARE(found.unreached.size(), std::size_t(2));
        QCOMPARE(found.unreached[1].rank, 2);
    }
    void garbageAndRemoteValuesAreThatRanksErrorNeverAPath()
    {
        FakeStore store;
        store.set(workerKey(0), "http://127.0.0.1:41000");
        store.set(workerKey(1), "/tmp/../etc/worker.sock");
        store.set(workerKey(2), "http://127.0.0.1:41002/../../handler/x");
        store.set(workerKey(3), QByteArray("\x1b]0;owned\x07", 9));
        store.set(workerKey(4), "http://10.1.2.3:41004");
        const StoreEndpoints found = readStore(store);
        QVERIFY2(found.error.isEmpty(), qPrintable(found.error));
        QCOMPARE(found.endpoints.size(), std::size_t(1));
        QCOMPARE(found.unreached.size(), std::size_t(4));
        for (std::size_t i = 0; i < 3; ++i)
            QVERIFY2(found.unreached[i].error.contains(QLatin1String("not a worker address")),
                     qPrintable(found.unreached[i].error));
        QVERIFY2(!found.unreached[2].error.contains(QLatin1Char('\x1b')),
                 qPrintable(found.unreached[2].error));
        QVERIFY2(found.unreached[3].error.contains(QLatin1String("--allow-remote")),
                 qPrintable(found.unreached[3].error));
    }
    void storeWithoutTheKeysSaysStartDebugServer()
    {
        FakeStore store;
        store.set("/default_pg/0//cpu//0", "x");
        const StoreEndpoints found = readStore(store);
        QVERIFY2(found.error.contains(QLatin1String("start_debug_server")), qPrintable(found.error));
        QVERIFY2(found.error.contains(QLatin1String("1 key")), qPrintable(found.error));
        QVERIFY(found.endpoints.empty());
    }
    void eachMisbehaviourIsANamedErrorWithinTheTimeout_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<QString>("named");
        QTest::newRow("silent handshake")
            << int(Misbehaviour::SilentHandshake) << QStringLiteral("no answer");
        QTest::newRow("wrong nonce") << int(Misbehaviour::WrongNonce) << QStringLiteral("not a TCPStore");
        QTest::newRow("huge length") << int(Misbehaviour::HugeLength)
                                     << QStringLiteral("1099511627776 bytes");
        QTest::newRow("closed midway") << int(Misbehaviour::CloseMidValue)
                                       << QStringLiteral("closed the connection after 3 of 22 bytes");
        QTest::newRow("endless data") << int(Misbehaviour::EndlessData) << QStringLiteral("out of step");
        QTest::newRow("bad check byte") << int(Misbehaviour::BadCheckByte) << QStringLiteral("0x07");
        QTest::newRow("slow answer") << int(Misbehaviour::SlowValue) << QStringLiteral("no answer");
        QTest::newRow("http frontend") << int(Misbehaviour::Http) << QStringLiteral("debug frontend");
    }
    void eachMisbehaviourIsANamedErrorWithinTheTimeout()
    {
        QFETCH(int, mode);
        QFETCH(QString, named);
        FakeStore store(static_cast<Misbehaviour>(mode));
        store.set(workerKey(0), "http://127.0.0.1:41000"); // 22 bytes
        constexpr int kTimeoutMs = 800;
        QElapsedTimer t;
        t.start();
        const StoreEndpoints found = readStore(store, kTimeoutMs);
        QVERIFY2(t.elapsed() < kTimeoutMs + 2000,
                 qPrintable(QString::number(t.elapsed()))); // + the HTTP probe
        QVERIFY2(found.error.contains(named), qPrintable(found.error));
        QVERIFY(found.endpoints.empty());
    }
    void refusedConnectionIsNamedAtOnce()
    {
        quint16 port = 0;
        {
            FakeStore gone;
            port = gone.port();
        }
        StoreRequest r;
        r.store = QStringLiteral("127.0.0.1:%1").arg(port);
        QElapsedTimer t;
        t.start();
        const StoreEndpoints found = endpointsFromStore(r);
        QVERIFY(t.elapsed() < 3000);
        QVERIFY2(found.error.contains(QLatin1String("connection refused")), qPrintable(found.error));
    }
    void aStorePortGivenAsAWorkerIsNamed()
    {
        FakeStore store;
        const QString said = describeIfTcpStore(QStringLiteral("127.0.0.1"), store.port(), 1000);
        QVERIFY2(said.contains(QLatin1String("--store")), qPrintable(said));
        FakeStore http(Misbehaviour::Http);
        QVERIFY(describeIfTcpStore(QStringLiteral("127.0.0.1"), http.port(), 300).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestTcpStore)
#include "tst_tcpstore.moc"
