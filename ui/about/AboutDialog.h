#pragma once

#include <QDialog>

class QAction;

namespace fd {

// Help > About FlightDeck: version, what the program is for, and the build facts (git commit, build type,
// compiler, Qt) with a button that copies them for a bug report.
class AboutDialog : public QDialog
{
    Q_OBJECT
public:
    explicit AboutDialog(QWidget* parent = nullptr);

    // "About FlightDeck" for a Help menu, opening the dialog over parent: the menu needs one line, and
    // the action's text is translated with the dialog's.
    static QAction* createAction(QWidget* parent);
};

} // namespace fd
