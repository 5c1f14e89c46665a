#pragma once

// Tests over ../shared's real NVRx jobs, which a clone of the repository does not have: they live in a class
// of their own beside a file's other tests and run only as `<test>_shared` (ctest label "shared",
// fd_add_shared_test in tests/CMakeLists.txt), which exists where ../shared does. A clean clone runs none of
// them and skips none.

#include <QCoreApplication>
#include <QTest>
#ifdef QT_WIDGETS_LIB
#include <QApplication>
#endif

#include <cstring>
#include <vector>

namespace fd::test {

// Runs `Shared`'s tests when the command line has --shared (taken out before Qt Test reads it), else `Own`'s.
template <typename Own, typename Shared> int runOwnOrShared(int argc, char** argv)
{
    std::vector<char*> args(argv, argv + argc);
    for (auto it = args.begin(); it != args.end(); ++it) {
        if (std::strcmp(*it, "--shared") == 0) {
            args.erase(it);
            Shared tests;
            return QTest::qExec(&tests, int(args.size()), args.data());
        }
    }
    Own tests;
    return QTest::qExec(&tests, argc, argv);
}

} // namespace fd::test

#define FD_TEST_GUILESS_MAIN_WITH_SHARED(Own, Shared)                                                        \
    int main(int argc, char** argv)                                                                          \
    {                                                                                                        \
        QCoreApplication app(argc, argv);                                                                    \
        QTEST_SET_MAIN_SOURCE_PATH                                                                           \
        return fd::test::runOwnOrShared<Own, Shared>(argc, argv);                                            \
    }

#ifdef QT_WIDGETS_LIB
#define FD_TEST_MAIN_WITH_SHARED(Own, Shared)                                                                \
    int main(int argc, char** argv)                                                                          \
    {                                                                                                        \
        QApplication app(argc, argv);                                                                        \
        QTEST_SET_MAIN_SOURCE_PATH                                                                           \
        return fd::test::runOwnOrShared<Own, Shared>(argc, argv);                                            \
    }
#endif
