#include "Application.h"

#include <QApplication>
#include <QLabel>

namespace tilelens::gui {

int runApplication(int argc, char** argv)
{
    QApplication app(argc, argv);
    QLabel label(QObject::tr("TileLens"));
    label.show();
    return app.exec();
}

} // namespace tilelens::gui
