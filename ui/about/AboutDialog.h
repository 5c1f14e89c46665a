#pragma once

#include <QDialog>

namespace fd {

// Help > About FlightDeck: version, what the program is for, and the build facts (git commit, build type,
// compiler, Qt) with a button that copies them for a bug report.
class AboutDialog : public QDialog
{
    Q_OBJECT
public:
    explicit AboutDialog(QWidget* parent = nullptr);
};

} // namespace fd
