#include <QCoreApplication>

// Placeholder: the real command line lands with the reader (issue 2) and the analysis (issue 3).
int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    return 0;
}
