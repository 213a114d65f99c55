// tilelens: the desktop inspector (see app/gui/MainWindow.h).
#include "Application.h"

int main(int argc, char** argv)
{
    return tilelens::gui::runApplication(argc, argv);
}
