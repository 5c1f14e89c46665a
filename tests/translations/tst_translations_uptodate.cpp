// Fails when a committed translations/*.ts is out of date with the sources: runs lupdate (with the options
// of the update_translations target) into a copy of each .ts and compares the messages, and requires every
// message to be translated. Fix: cmake --build <dir> --target update_translations, translate, commit.
#include <QDir>
#include <QFile>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

namespace {

struct TsMessage
{
    bool finished = false;
    bool obsolete = false; // "obsolete"/"vanished": in the .ts, gone from the sources
};

// Key: context, source and disambiguation comment, as lupdate identifies a message.
using TsMessages = QMap<QString, TsMessage>;

QString messageKey(const QString& context, const QString& source, const QString& comment)
{
    return context + QStringLiteral(" | ") + source +
           (comment.isEmpty() ? QString() : QStringLiteral(" | ") + comment);
}

bool parseTs(const QString& path, TsMessages& messages, QString& error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        error = file.errorString();
        return false;
    }
    QXmlStreamReader xml(&file);
    QString context, source, comment;
    TsMessage message;
    bool anyForm = false, emptyForm = false;
    while (!xml.atEnd()) {
        xml.readNext();
        const auto name = xml.name();
        if (xml.isStartElement()) {
            if (name == QLatin1String("context")) {
                context.clear();
            } else if (name == QLatin1String("name") && context.isEmpty()) {
                context = xml.readElementText();
            } else if (name == QLatin1String("message")) {
                source.clear();
                comment.clear();
                message = {};
                anyForm = emptyForm = false;
            } else if (name == QLatin1String("source")) {
                source = xml.readElementText();
            } else if (name == QLatin1String("comment")) {
                comment = xml.readElementText();
            } else if (name == QLatin1String("translation")) {
                const auto type = xml.attributes().value(QLatin1String("type"));
                message.obsolete = type == QLatin1String("obsolete") || type == QLatin1String("vanished");
                message.finished = type.isEmpty();
                const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
                message.finished = message.finished && !text.isEmpty();
            } else if (name == QLatin1String("numerusform")) {
                anyForm = true;
                emptyForm = emptyForm || xml.readElementText().isEmpty();
            }
        } else if (xml.isEndElement() && name == QLatin1String("message")) {
            // Plural forms: readElementText on <translation> skipped the forms; every one must be filled.
            if (anyForm)
                message.finished = message.finished && !emptyForm;
            messages.insert(messageKey(context, source, comment), message);
        }
    }
    if (xml.hasError()) {
        error = xml.errorString();
        return false;
    }
    return true;
}

} // namespace

class TestTranslationsUpToDate : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void upToDate_data()
    {
        QTest::addColumn<QString>("ts");
        const QDir dir(QStringLiteral(FD_SOURCE_DIR "/translations"));
        QStringList catalogs{QStringLiteral("flightdeck_*.ts")};
#ifdef FD_GUI_CATALOGS
        catalogs << QStringLiteral("flightdeck-gui_*.ts");
#endif
        const auto files = dir.entryList(catalogs, QDir::Files);
        QVERIFY(!files.isEmpty());
        for (const QString& file : files)
            QTest::newRow(qPrintable(file)) << dir.filePath(file);
    }

    void upToDate()
    {
        QFETCH(QString, ts);
        // The catalog's own sources (translations/<catalog>.lst, written by fd_add_translations()).
        const QString catalog = QFileInfo(ts).completeBaseName().section(u'_', 0, 0);
        const QString sources =
            QStringLiteral(FD_BINARY_DIR "/translations/") + catalog + QStringLiteral(".lst");
        QVERIFY2(QFile::exists(sources),
                 qPrintable(sources + QStringLiteral(" is written by the configure step")));

        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QString copy = tmp.filePath(QFileInfo(ts).fileName());
        QVERIFY(QFile::copy(ts, copy));
        QProcess lupdate;
        lupdate.setProcessChannelMode(QProcess::MergedChannels);
        // Same options and include paths as update_translations (translations/translations.cmake): the
        // include paths decide which class a tr() call belongs to, i.e. the message context.
        lupdate.start(QStringLiteral(FD_LUPDATE),
                      {QStringLiteral("-no-obsolete"), QStringLiteral("-locations"), QStringLiteral("none"),
                       QStringLiteral("-I"), QStringLiteral(FD_SOURCE_DIR), QStringLiteral("@") + sources,
                       QStringLiteral("-ts"), copy});
        QVERIFY(lupdate.waitForFinished(120000));
        QVERIFY2(lupdate.exitStatus() == QProcess::NormalExit && lupdate.exitCode() == 0,
                 lupdate.readAll().constData());

        TsMessages committed, fresh;
        QString error;
        QVERIFY2(parseTs(ts, committed, error), qPrintable(error));
        QVERIFY2(parseTs(copy, fresh, error), qPrintable(error));

        QStringList problems;
        for (auto it = fresh.cbegin(); it != fresh.cend(); ++it) {
            if (!committed.contains(it.key()))
                problems << QStringLiteral("new in the sources: ") + it.key();
        }
        for (auto it = committed.cbegin(); it != committed.cend(); ++it) {
            if (it->obsolete || !fresh.contains(it.key()))
                problems << QStringLiteral("no longer in the sources: ") + it.key();
            else if (!it->finished)
                problems << QStringLiteral("unfinished: ") + it.key();
        }
        if (!problems.isEmpty()) {
            problems.prepend(
                QStringLiteral("%1 is out of date (%2 problems); run the update_translations target "
                               "and translate:")
                    .arg(QFileInfo(ts).fileName())
                    .arg(problems.size()));
            QFAIL(qPrintable(problems.mid(0, 40).join(QStringLiteral("\n  "))));
        }
    }

    // A free `QString tr(const char*)` that calls QCoreApplication::translate("fd::X", ...) hides its context
    // from lupdate, which files the strings under the enclosing class or namespace instead: the catalog then
    // has them, translated, under a context the program never asks for. Q_DECLARE_TR_FUNCTIONS(fd::X) in a
    // small struct (or translate() spelled out at each call) keeps both sides on one context.
    void noHiddenTranslationContexts()
    {
        QByteArrayList lines;
        for (const char* catalog : {"flightdeck", "flightdeck-gui"}) {
            QFile list(QStringLiteral(FD_BINARY_DIR "/translations/") + QLatin1String(catalog) +
                       QStringLiteral(".lst"));
            if (list.open(QIODevice::ReadOnly | QIODevice::Text))
                lines += list.readAll().split('\n');
        }
        QVERIFY(!lines.isEmpty());
        const QRegularExpression wrapper(
            QStringLiteral(R"(^\s*(static\s+)?QString\s+tr\s*\(\s*const\s+char\s*\*)"),
            QRegularExpression::MultilineOption);
        QStringList offenders;
        for (const QByteArray& line : std::as_const(lines)) {
            QFile source(QString::fromLocal8Bit(line.trimmed()));
            if (line.trimmed().isEmpty() || !source.open(QIODevice::ReadOnly | QIODevice::Text))
                continue;
            if (wrapper.match(QString::fromUtf8(source.readAll())).hasMatch())
                offenders << QDir(QStringLiteral(FD_SOURCE_DIR)).relativeFilePath(source.fileName());
        }
        QVERIFY2(
            offenders.isEmpty(),
            qPrintable(QStringLiteral("local tr() wrappers whose strings are never looked up under lupdate's "
                                      "context (use Q_DECLARE_TR_FUNCTIONS): ") +
                       offenders.join(QStringLiteral(", "))));
    }
};

QTEST_GUILESS_MAIN(TestTranslationsUpToDate)
#include "tst_translations_uptodate.moc"
