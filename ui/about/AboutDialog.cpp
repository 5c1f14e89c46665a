#include "AboutDialog.h"

#include "core/buildinfo/BuildInfo.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace fd {

AboutDialog::AboutDialog(QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("About FlightDeck"));

    auto* icon = new QLabel(this);
    const QIcon appIcon =
        QIcon::fromTheme(QStringLiteral("io.github.flightdeck.FlightDeck"), QApplication::windowIcon());
    icon->setPixmap(appIcon.pixmap(64, 64));
    icon->setAlignment(Qt::AlignTop);

    auto* title =
        new QLabel(QStringLiteral("<h2>FlightDeck %1</h2>").arg(BuildInfo::version().toHtmlEscaped()), this);
    auto* blurb =
        new QLabel(tr("A visual debugger for PyTorch Flight Recorder dumps: it finds the process group "
                      "and collective where the ranks of a hung job diverged, and the ranks "
                      "responsible."),
                   this);
    blurb->setWordWrap(true);

    // Build facts stay untranslated: they are pasted into bug reports and must be greppable.
    const QStringList facts = BuildInfo::details().trimmed().split(u'\n');
    auto* details = new QPlainTextEdit(facts.join(u'\n'), this);
    details->setReadOnly(true);
    details->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    details->setLineWrapMode(QPlainTextEdit::NoWrap);
    // Sized to the facts so no scroll bar hides any: text plus frame and document margins.
    const QFontMetrics metrics(details->font());
    int widest = 0;
    for (const QString& line : facts)
        widest = std::max(widest, metrics.horizontalAdvance(line));
    const int margins =
        2 * details->frameWidth() + 2 * static_cast<int>(details->document()->documentMargin()) + 4;
    details->setMinimumWidth(std::max(420, widest + margins + metrics.averageCharWidth()));
    details->setFixedHeight(metrics.lineSpacing() * int(facts.size()) + margins + metrics.descent());
    details->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    auto* text = new QVBoxLayout;
    text->addWidget(title);
    text->addWidget(blurb);
    text->addWidget(new QLabel(tr("Build information:"), this));
    text->addWidget(details);
    auto* top = new QHBoxLayout;
    top->addWidget(icon);
    top->addLayout(text, 1);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* copy = buttons->addButton(tr("&Copy Build Information"), QDialogButtonBox::ActionRole);
    QPushButton* aboutQt = buttons->addButton(tr("About &Qt"), QDialogButtonBox::HelpRole);
    connect(copy, &QPushButton::clicked, this,
            [] { QApplication::clipboard()->setText(BuildInfo::details()); });
    connect(aboutQt, &QPushButton::clicked, this, [] { QApplication::aboutQt(); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(buttons);
}

QAction* AboutDialog::createAction(QWidget* parent)
{
    auto* action =
        new QAction(QIcon::fromTheme(QStringLiteral("help-about")), tr("&About FlightDeck"), parent);
    action->setMenuRole(QAction::AboutRole);
    QObject::connect(action, &QAction::triggered, parent, [parent] {
        AboutDialog dialog(parent);
        dialog.exec();
    });
    return action;
}

} // namespace fd
