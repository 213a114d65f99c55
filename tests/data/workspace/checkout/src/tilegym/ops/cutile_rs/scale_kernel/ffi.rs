use scale_module::scale_kernel;
