# tabletop.sdc - timing constraints for board/de1_soc_top.sv.
# The 50 MHz board clock; the PLLs in soc_system (SDRAM clock, audio clock)
# derive the rest.
create_clock -name CLOCK_50 -period 20.000 [get_ports {CLOCK_50}]
derive_pll_clocks
derive_clock_uncertainty

# go_peripheral makes its 25 MHz VGA_CLK from CLOCK_50 by a register
# (rtl/go_peripheral/pix_clk_en.sv), so the DAC sees a generated clock.
create_generated_clock -name VGA_CLK -source [get_ports {CLOCK_50}] -divide_by 2 [get_ports {VGA_CLK}]

# Push buttons, LEDs and the codec's I2C are slow and asynchronous.
set_false_path -from [get_ports {KEY[*]}]
set_false_path -to [get_ports {LEDR[*]}]
set_false_path -to [get_ports {FPGA_I2C_SCLK}]
set_false_path -to [get_ports {FPGA_I2C_SDAT}]
set_false_path -from [get_ports {FPGA_I2C_SDAT}]
