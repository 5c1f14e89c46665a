#include <QApplication>
#include <QLabel>

// Placeholder until the main window lands (issue 4).
int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QLabel label(QStringLiteral("FlightDeck"));
    label.show();
    return app.exec();
}
